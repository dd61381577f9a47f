import { describe, expect, it, vi } from 'vitest';
import { canWorkOffline, registerOfflineApp } from '../../src/app/offline/offlineApp';

describe('the offline app’s registration (public/sw.js)', () => {
  const navigator = { serviceWorker: {} } as unknown as Navigator;

  it('runs only in a built app, in a secure context, where the browser has service workers', () => {
    expect(canWorkOffline({ isSecureContext: true, navigator }, true)).toBe(true);
    expect(canWorkOffline({ isSecureContext: true, navigator }, false), 'the dev server').toBe(false);
    expect(canWorkOffline({ isSecureContext: false, navigator }, true), 'plain http off localhost').toBe(false);
    expect(canWorkOffline({ isSecureContext: true, navigator: {} }, true), 'no service workers').toBe(false);
    expect(canWorkOffline({ isSecureContext: true }, true), 'no navigator').toBe(false);
  });

  it('registers the worker for the whole app, and a browser that refuses is simply not offline', async () => {
    const register = vi.fn().mockResolvedValue({});
    expect(await registerOfflineApp({ register })).toBe(true);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(
      await registerOfflineApp({ register: vi.fn().mockRejectedValue(new DOMException('no', 'SecurityError')) }),
    ).toBe(false);
  });
});
