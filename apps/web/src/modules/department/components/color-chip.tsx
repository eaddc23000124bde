export interface ColorChipProps {
  color: string | null;
  size?: number;
  title?: string;
}

/** A department's colour as a small round chip; a dashed ring when it has none. */
export function ColorChip({ color, size = 12, title }: ColorChipProps) {
  return (
    <span
      className={color ? 'group-chip' : 'group-chip is-empty'}
      style={{ width: size, height: size, ...(color ? { background: color } : {}) }}
      title={title ?? color ?? undefined}
      aria-hidden={title ? undefined : true}
    />
  );
}
