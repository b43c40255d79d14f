const idr = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** `Rp1.250.000,00`: Indonesian grouping and the `,00` suffix of spec section 9. Integer rupiah in. */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}Rp${idr.format(Math.abs(Math.trunc(amount)))},00`;
}

/** `1.250`: a count with Indonesian grouping. */
export function formatCount(n: number): string {
  return idr.format(n);
}
