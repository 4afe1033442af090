import { usStateCodes } from '@assay/domain';

/** The options of a US state <select>: a blank first choice, then every code a shipping address accepts. */
export function UsStateOptions({ blankLabel }: { blankLabel: string }) {
  return (
    <>
      <option value="">{blankLabel}</option>
      {usStateCodes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </>
  );
}
