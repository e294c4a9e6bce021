/**
 * Saves CSV text (in parts, as it arrived) as file `name` through a link the browser
 * downloads. The object URL is let go a minute later: some browsers read it after click().
 */
export function downloadCsv(parts: BlobPart[], name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
