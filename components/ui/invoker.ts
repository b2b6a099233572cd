// Whether the browser opens dialogs itself from invoker commands (`command`/`commandfor` buttons).

/**
 * True where buttons run their `command` (Chromium 135+, Firefox 144+, Safari 26.2+): the click then opens
 * the dialog without us, and opening it in the click handler as well made the browser log "A command
 * attempted to open an already open Dialog as a modal" on every open (issue 49).
 */
export function hasInvokerCommands(): boolean {
  return typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;
}
