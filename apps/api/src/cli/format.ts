const MB = 1024 * 1024;

/** Bytes as the CLI prints them (B, KB, MB). */
export const formatSize = (bytes: number) =>
  bytes >= MB
    ? `${(bytes / MB).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;
