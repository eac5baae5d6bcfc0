import { CARD_IMAGE_SIZES } from "@atelier/contracts/marketplace";

export type CardSize = keyof typeof CARD_IMAGE_SIZES;

/** A card picture at one of the sizes of 000 §9 (compact 160, large 480, grande 600, full 1024). */
export function CardImage({ src, alt, size }: { src: string; alt: string; size: CardSize }) {
  const px = CARD_IMAGE_SIZES[size];
  return <img className={`card-image card-image-${size}`} src={src} alt={alt} width={px} height={px} loading="lazy" decoding="async" data-size={px} />;
}

/** Initials of a supplier name: the first letters of its first two words. */
export function initialsOf(name: string): string {
  return name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w)).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("") || "?";
}

/**
 * A supplier's avatar drawn from its avatar colour and name (suppliers have no logo upload):
 * the same supplier always draws the same picture.
 */
export function SupplierAvatar({ name, color, size = "compact" }: { name: string; color: string; size?: CardSize }) {
  const px = CARD_IMAGE_SIZES[size];
  const fill = /^#[0-9a-f]{6}$/i.test(color) ? color : "#5b3df5";
  return (
    <svg className="supplier-avatar" width={px / 2} height={px / 2} viewBox="0 0 80 80" role="img" aria-label={`${name} logo`}>
      <rect width="80" height="80" rx="16" fill={fill} />
      <text x="40" y="50" textAnchor="middle" fontSize="30" fontFamily="system-ui, sans-serif" fontWeight="700" fill="#fff">{initialsOf(name)}</text>
    </svg>
  );
}
