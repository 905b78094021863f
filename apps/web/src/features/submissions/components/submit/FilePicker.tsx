import { useRef } from 'react';
import controls from './controls.module.css';

/** A button that opens the file picker (or the camera, with `capture`). */
export function FilePicker({
  label,
  accept,
  multiple = false,
  capture = false,
  disabled,
  onFiles,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  capture?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={`${controls.button} ${controls.light} ${controls.full}`}
        onClick={() => input.current?.click()}
        disabled={disabled}
      >
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        capture={capture ? 'environment' : undefined}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Let the same photo be picked again after removing it.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
