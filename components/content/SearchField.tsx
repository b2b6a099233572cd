import type { ChangeEvent, ReactNode } from 'react';
import { MAX_QUERY_LENGTH } from '@/lib/content/search';
import styles from './Search.module.css';

type Props = {
  id: string;
  label: string;
  placeholder: string;
  button: string;
  icon: ReactNode;
  /** Controlled (the guide search island) or, without `onChange`, an uncontrolled default. */
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** The labelled search box with its button, for the GET search forms of guides and FAQ (`?q=`). */
export function SearchField({ id, label, placeholder, button, icon, value, onChange }: Props) {
  const valueProps = onChange ? { value, onChange } : { defaultValue: value };
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.field}>
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <input
          id={id}
          type="search"
          name="q"
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
          className={styles.input}
          {...valueProps}
        />
        <button type="submit" className={styles.button}>
          {button}
        </button>
      </div>
    </>
  );
}
