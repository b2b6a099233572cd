import styles from './Button.module.css';

export type Variant = 'primary' | 'secondary' | 'ghost' | 'light';

/** The classes of the site's button look, for buttons and links alike (client islands import this alone). */
export function buttonClass(variant: Variant = 'primary', size: 'md' | 'lg' = 'md') {
  return [styles.button, styles[variant], size === 'lg' ? styles.lg : ''].join(' ').trim();
}
