/** A count with its noun in the right number: "1 view", "2 views", "0 views". */
export const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
