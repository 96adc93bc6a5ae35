import { describe, expect, it, vi } from 'vitest';
import {
  type ForegroundPushContext,
  handleForegroundPush,
  isMobileUserAgent,
  type PushMessage,
  pushMessageFromWorker,
} from './push-message.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const MOBILES = {
  Android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  BlackBerry: 'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+',
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15',
  IEMobile: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; IEMobile/10.0; Lumia 920)',
};

const challenge: PushMessage = {
  title: 'New challenge',
  body: 'bob challenged you to a game!',
  icon: 'http://localhost/public/icon-192.png',
  click_action: 'http://localhost/challenges',
};
const finished: PushMessage = {
  title: 'Your opponent finished',
  body: 'Your opponent finished the game. Your move!',
  click_action: 'http://localhost/game/7',
};

function context(pathname: string, userAgent = DESKTOP) {
  const clicks: Array<() => void> = [];
  const ctx = {
    pathname,
    userAgent,
    showAlert: vi.fn(),
    open: vi.fn(),
    showNotification: vi.fn((_message: PushMessage, onClick: () => void) => clicks.push(onClick)),
  } satisfies ForegroundPushContext;
  return { ctx, clicks };
}

describe('handleForegroundPush', () => {
  it.each(['/game', '/game/7'])("ignores a 'finished' message on the game page %s", (path) => {
    const { ctx } = context(path, MOBILES.Android);
    expect(handleForegroundPush(finished, ctx)).toBe('ignored');
    expect(ctx.showAlert).not.toHaveBeenCalled();
    expect(ctx.showNotification).not.toHaveBeenCalled();
  });

  it("shows a 'finished' message elsewhere, and other messages on a game page", () => {
    expect(handleForegroundPush(finished, context('/home').ctx)).toBe('notification');
    expect(handleForegroundPush(challenge, context('/game/7').ctx)).toBe('notification');
  });

  it.each(Object.entries(MOBILES))('opens the alert modal with the body on %s', (_name, ua) => {
    const { ctx } = context('/home', ua);
    expect(handleForegroundPush(challenge, ctx)).toBe('alert');
    expect(ctx.showAlert).toHaveBeenCalledWith('bob challenged you to a game!');
    expect(ctx.showNotification).not.toHaveBeenCalled();
  });

  it('shows a system notification on desktop; its click opens click_action', () => {
    const { ctx, clicks } = context('/home');
    expect(handleForegroundPush(challenge, ctx)).toBe('notification');
    expect(ctx.showNotification).toHaveBeenCalledWith(challenge, expect.any(Function));
    expect(ctx.open).not.toHaveBeenCalled();
    clicks[0]!();
    expect(ctx.open).toHaveBeenCalledWith('http://localhost/challenges');
    expect(ctx.showAlert).not.toHaveBeenCalled();
  });
});

describe('isMobileUserAgent', () => {
  it('knows the six mobile user agents and nothing else', () => {
    for (const ua of Object.values(MOBILES)) expect(isMobileUserAgent(ua)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
  });
});

describe('pushMessageFromWorker', () => {
  it("reads the worker's message and nothing else", () => {
    expect(pushMessageFromWorker({ type: 'jotto:push', message: challenge })).toEqual(challenge);
    expect(pushMessageFromWorker({ type: 'jotto:push', message: { body: 'hi' } })).toEqual({
      title: 'Jotto',
      body: 'hi',
      icon: undefined,
      click_action: undefined,
    });
    expect(pushMessageFromWorker({ isFirebaseMessaging: true })).toBeNull();
    expect(pushMessageFromWorker('jotto:push')).toBeNull();
    expect(pushMessageFromWorker(null)).toBeNull();
  });
});
