import { gemItemTypes, goldItemTypes, itemTypeLabels, type ItemType } from '@assay/domain';

const otherMetals = ['silver', 'platinum', 'palladium'] as const satisfies readonly ItemType[];

/** The pricing item types as people choose them: gold by karat, the other metals, the gems. */
const materialGroups = [
  { label: 'Gold', types: goldItemTypes, gem: false },
  { label: 'Other metals', types: otherMetals, gem: false },
  { label: 'Gems (priced per carat)', types: gemItemTypes, gem: true },
] as const;

/**
 * The grouped `<option>`s of a metal-or-gem select, from the domain's lists, so every form offers
 * the same karats (22K included) in the same order. `only` keeps the metals or the gems.
 */
export function MaterialOptions({ only }: { only?: 'metals' | 'gems' }) {
  return materialGroups
    .filter((group) => only === undefined || group.gem === (only === 'gems'))
    .map((group) => (
      <optgroup key={group.label} label={group.label}>
        {group.types.map((type) => (
          <option key={type} value={type}>
            {itemTypeLabels[type]}
          </option>
        ))}
      </optgroup>
    ));
}
