const count = new Intl.NumberFormat();

/** "1 follower", "1,234 followers": the number in the reader's own notation, the noun agreeing. */
export function countLabel(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}
