import { brandNames, type Brand } from '@/lib/payments/card';

/** A small mark of an accepted card brand (drawn for this site, in the brands' colours). */
export function BrandMark({ brand, size = 40 }: { brand: Brand; size?: number }) {
  const height = Math.round(size * 0.625);
  const common = { width: size, height, viewBox: '0 0 48 30', role: 'img' as const, 'aria-label': brandNames[brand] };
  switch (brand) {
    case 'visa':
    case 'visaElectron':
      return (
        <svg {...common}>
          <rect width="48" height="30" rx="4" fill="#1a1f71" />
          <text x="24" y={brand === 'visa' ? 20 : 16} textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontStyle="italic" fontSize="13" fill="#fff">
            VISA
          </text>
          {brand === 'visaElectron' && (
            <text x="24" y="25" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="6.5" fill="#f7b600">
              Electron
            </text>
          )}
        </svg>
      );
    case 'mastercard':
    case 'maestro':
      return (
        <svg {...common}>
          <rect width="48" height="30" rx="4" fill="#111a33" />
          <circle cx="19" cy="15" r="9" fill={brand === 'mastercard' ? '#eb001b' : '#0099df'} />
          <circle cx="29" cy="15" r="9" fill={brand === 'mastercard' ? '#f79e1b' : '#eb001b'} fillOpacity="0.9" />
        </svg>
      );
  }
}
