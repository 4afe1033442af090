// A mistyped routing number sends a client's money nowhere for days; the ABA checksum catches
// nearly every single-digit typo before the payout is recorded (DECISIONS "Payouts").

// First two digits of issued routing numbers: 00-12 (banks; 00 is the US government), 21-32
// (thrifts), 61-72 (electronic), 80 (traveller's cheques). Anything else was never issued.
function hasIssuedPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

const CHECKSUM_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * Exactly 9 digits, an issued prefix, not all zeros, and
 * 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) divisible by 10.
 */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  if (!hasIssuedPrefix(Number(value.slice(0, 2)))) return false;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += Number(value[index]) * (CHECKSUM_WEIGHTS[index] ?? 0);
  return sum % 10 === 0;
}
