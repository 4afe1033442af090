/**
 * Several parcels (issue 27 item 1): the 1-click flow downloads the first parcel's label; the
 * others are printed from the submission's page, and the toast says so.
 */
export function otherParcelsText(parcelCount: number): string {
  const others = parcelCount - 1;
  return `This is parcel 1 of ${parcelCount}: print the other ${others === 1 ? 'label' : `${others} labels`} from the submission's Shipping section.`;
}
