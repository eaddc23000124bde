import { useState } from 'react';
import { AtriumLogo } from './atrium-logo';

export interface CompanyLogoProps {
  /** Address of the company's logo; null shows the product mark. */
  logo: string | null | undefined;
  name: string;
  size: number;
}

/** The company's logo, or the default mark when it has none or the image fails to load. */
export function CompanyLogo({ logo, name, size }: CompanyLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!logo || failed === logo) return <AtriumLogo size={size} />;
  return (
    <img
      src={logo}
      alt={name}
      height={size}
      style={{ maxWidth: size * 3, height: size, objectFit: 'contain' }}
      onError={() => setFailed(logo)}
    />
  );
}
