/** A public list's `?page=`: a whole number from 1; anything else shows the first page. */
export function listPageNumber(url: URL): number {
  const value = url.searchParams.get("page");
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return 1;
  return Number(value);
}
