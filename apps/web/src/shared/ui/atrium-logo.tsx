import { useId } from 'react';

export interface AtriumLogoProps {
  size?: number;
  className?: string;
}

/** The product mark: an open arch on an emerald tile. Also the default company logo. */
export function AtriumLogo({ size = 32, className }: AtriumLogoProps) {
  const gradient = useId();
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Atrium">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34d399" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path d="M8.5 24V15.5a7.5 7.5 0 0 1 15 0V24h-4.2v-8.3a3.3 3.3 0 0 0-6.6 0V24z" fill="#fff" />
      <rect x="8.5" y="25.5" width="15" height="1.8" rx=".9" fill="#fff" fillOpacity=".7" />
    </svg>
  );
}
