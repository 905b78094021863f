import { useEffect, useRef } from 'react';
import { deSubmit } from '../../../../i18n/de.submit';
import { formatDateTime } from '../../../../lib/dates';
import controls from './controls.module.css';
import classes from './Submit.module.css';
import type { Receipt } from './useUploadQueue';

const t = deSubmit.submit;

/** The confirmation after the last upload: what the teacher received, when, and from whom (focused when shown). */
export function SubmitReceipt({
  receipt,
  onMore,
}: {
  receipt: Receipt;
  /** Present while the task still accepts files: back to the form for more. */
  onMore?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className={`${classes.receipt} ${classes.section}`} aria-labelledby="submit-receipt">
      <h2 className={classes.heading} id="submit-receipt" ref={heading} tabIndex={-1}>
        {t.receipt.heading}
      </h2>
      <p>{t.receipt.intro(receipt.name)}</p>
      <ul aria-label={t.receipt.heading} className={classes.receiptList}>
        {receipt.files.map((file) => (
          <li key={file.id}>
            {file.picked_name} ({deSubmit.size(file.picked_size)}
            {file.pages && file.pages > 1 ? `, ${t.receipt.pages(file.pages)}` : ''})
            {file.original_name !== file.picked_name
              ? ` ${t.receipt.storedAs(file.original_name, deSubmit.size(file.size))}`
              : ''}
          </li>
        ))}
      </ul>
      <p className={classes.strong}>{t.receipt.at(formatDateTime(receipt.receivedAt))}</p>
      {receipt.duplicates > 0 && <p className={classes.dimmed}>{t.receipt.duplicates(receipt.duplicates)}</p>}
      {onMore && (
        <div>
          <button type="button" className={`${controls.button} ${controls.outline}`} onClick={onMore}>
            {t.receipt.more}
          </button>
        </div>
      )}
    </section>
  );
}
