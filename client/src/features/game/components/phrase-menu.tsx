import type { QuickPhrase } from '@jotto/shared/phrase-schemas';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { PHRASE_TEXT } from '@/lib/phrase-text.ts';
import styles from './phrase-menu.module.css';

/** The phrases in the menu's order (the text map's; the schema's list would bring TypeBox). */
const PHRASES = Object.keys(PHRASE_TEXT) as QuickPhrase[];

/** The menu's button. */
export const SAY_LABEL = 'Say…';
export const MUTE_LABEL = 'Mute opponent';
export const UNMUTE_LABEL = 'Unmute opponent';

/**
 * 'Say…' beside the scores box (docs/PRODUCT.md, 'Quick phrases'): a button that opens a popover
 * of the phrases and, under them, 'Mute opponent' or 'Unmute opponent'. Opening it puts the focus
 * on the first phrase; Escape closes it and gives the focus back to 'Say…', as does choosing
 * a phrase; Tab out of it, or a click elsewhere, closes it. Each action is busy while its request
 * is on its way.
 */
export function PhraseMenu({
  onSay,
  saying,
  muted,
  muting,
  onToggleMute,
}: {
  onSay: (phrase: QuickPhrase) => void;
  saying: boolean;
  muted: boolean;
  muting: boolean;
  onToggleMute: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector('button')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // The game's own dialogs are not open while this is: Escape is this menu's.
    event.preventDefault();
    close();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !root.current?.contains(next)) setOpen(false);
  };

  return (
    <div ref={root} className={styles.menu} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={trigger}
        type="button"
        className={`button ${styles.trigger}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" className={styles.icon} viewBox="0 0 24 24">
          <path d="M4 5h16v11H9l-5 4z" />
        </svg>
        {SAY_LABEL}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label="Quick phrases"
          className={styles.panel}
        >
          <ul className={styles.phrases}>
            {PHRASES.map((phrase) => (
              <li key={phrase}>
                <BusyButton
                  className={styles.phrase}
                  busy={saying}
                  onClick={() => {
                    onSay(phrase);
                    close();
                  }}
                >
                  {PHRASE_TEXT[phrase]}
                </BusyButton>
              </li>
            ))}
          </ul>
          <BusyButton className={styles.mute} busy={muting} onClick={onToggleMute}>
            {muted ? UNMUTE_LABEL : MUTE_LABEL}
          </BusyButton>
        </div>
      )}
    </div>
  );
}
