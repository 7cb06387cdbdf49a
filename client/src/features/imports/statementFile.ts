/** Reading a chosen statement file in the browser, before it goes to the server. */

/** The server reads at most 5 MiB of text; UTF-16 takes two bytes a character. */
export const STATEMENT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'This file is larger than 5 MiB: export a shorter period from your bank.';

/**
 * The file's bytes as base64 (what previewImport takes), reporting progress from 0 to 1 as it is
 * read: a bank's year of transactions on a slow phone takes a moment.
 */
export function readStatementFile(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  if (file.size > STATEMENT_MAX_FILE_BYTES) return Promise.reject(new Error(FILE_TOO_LARGE));
  if (file.size === 0) return Promise.reject(new Error('This file is empty'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onerror = () => reject(new Error('The file could not be read: choose it again'));
    reader.onload = () => {
      onProgress(1);
      const url = String(reader.result);
      // A data URL: 'data:<type>;base64,<content>'.
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
