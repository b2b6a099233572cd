import type { ReactNode } from 'react';

/**
 * One entry of a description list: its term and its description, grouped in a `<div>` (a `<dl>` may
 * hold such groups; the lists' styles lay out each group as a row).
 */
export function Term({ label, children, className, valueClassName }: { label: ReactNode; children: ReactNode; className?: string; valueClassName?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
