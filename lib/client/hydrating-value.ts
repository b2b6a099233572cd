/**
 * The value of the form control with this id as the page shows it, or undefined on the server and when
 * there is none. For an island's initial state while it hydrates: what the visitor typed before the
 * scripts ran is in the page (React hydrates over a control without resetting it), and a state that
 * started from the server's value would put that back on its first render.
 */
export function hydratingValue(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const control = document.getElementById(id);
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control.value : undefined;
}
