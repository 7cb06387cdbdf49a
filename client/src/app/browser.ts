/** Leaves the app for another site (the payment provider's checkout or portal). Mocked in tests. */
export function openExternal(url: string): void {
  window.location.assign(url);
}

/** Saves a text as a file in the browser. Mocked in tests. */
export function saveFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
