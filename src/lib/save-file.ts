/**
 * Offers text as a file the browser saves (a guest list's CSV, a calendar entry, a member's data
 * export): a link to a Blob, clicked once, the Blob let go a little later (some browsers read it
 * after the click returns).
 */
export function saveFile(filename: string, contents: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }))
  const link = Object.assign(document.createElement('a'), { href: url, download: filename })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
