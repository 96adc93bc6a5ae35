import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MUTE_LABEL, PhraseMenu, SAY_LABEL, UNMUTE_LABEL } from './phrase-menu.tsx';

function renderMenu(props: Partial<Parameters<typeof PhraseMenu>[0]> = {}) {
  const onSay = vi.fn();
  const onToggleMute = vi.fn();
  render(
    <div>
      <PhraseMenu
        onSay={onSay}
        saying={false}
        muted={false}
        muting={false}
        onToggleMute={onToggleMute}
        {...props}
      />
      <button type="button">elsewhere</button>
    </div>,
  );
  return { onSay, onToggleMute };
}

const say = () => screen.getByRole('button', { name: SAY_LABEL });
const menu = () => screen.queryByRole('group', { name: 'Quick phrases' });

describe('PhraseMenu', () => {
  it('names the popover from its button, and closes on a click elsewhere', () => {
    renderMenu();
    expect(say().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(say());
    expect(say().getAttribute('aria-controls')).toBe(menu()!.id);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(menu()).toBeNull();
  });

  it('closes when the focus leaves it by Tab', () => {
    renderMenu();
    fireEvent.click(say());
    fireEvent.blur(screen.getByRole('button', { name: 'Hello!' }), {
      relatedTarget: screen.getByRole('button', { name: 'elsewhere' }),
    });
    expect(menu()).toBeNull();
  });

  it('says the phrase chosen and closes; the button toggles it too', () => {
    const { onSay } = renderMenu();
    fireEvent.click(say());
    fireEvent.click(say());
    expect(menu()).toBeNull();
    fireEvent.click(say());
    fireEvent.click(screen.getByRole('button', { name: 'Rematch?' }));
    expect(onSay).toHaveBeenCalledWith('rematch');
    expect(menu()).toBeNull();
  });

  it('ignores a phrase while one is on its way (busy)', () => {
    const { onSay } = renderMenu({ saying: true });
    fireEvent.click(say());
    const hello = screen.getByRole('button', { name: 'Hello!' });
    expect(hello.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(hello);
    expect(onSay).not.toHaveBeenCalled();
  });

  it("offers 'Unmute opponent' when muted, and stays open after the toggle", () => {
    const { onToggleMute } = renderMenu({ muted: true });
    fireEvent.click(say());
    expect(screen.queryByRole('button', { name: MUTE_LABEL })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: UNMUTE_LABEL }));
    expect(onToggleMute).toHaveBeenCalledOnce();
    expect(menu()).not.toBeNull();
  });
});
