import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { SettingsResponse } from '@jotto/shared/settings-schemas';
import { useAlert } from '@/components/alert-provider.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { guestHardMode, setGuestHardMode, subscribeGuestHardMode } from '@/lib/guest-hard-mode.ts';
import { saveSettings, settingsQuery } from '../api/settings-api.ts';

/** The hard-mode switch's state and its one action, wherever the setting is kept. */
export interface HardModeSetting {
  /** On or off; undefined while an account's settings load (or failed to). */
  on: boolean | undefined;
  /** Where it is kept, for the line under the switch. */
  keptIn: 'browser' | 'account';
  /** An account's settings could not be read. */
  failed: boolean;
  set: (on: boolean) => void;
}

/**
 * The hard-mode setting (docs/PRODUCT.md, 'Hard mode'): a guest's in this browser, an
 * account's through the API, shown at once and saved in order (one save at a time); a refused
 * save is alerted and the switch goes back to what the server holds.
 */
export function useHardModeSetting(signedIn: boolean): HardModeSetting {
  const guestOn = useSyncExternalStore(subscribeGuestHardMode, guestHardMode);
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const settings = useQuery({ ...settingsQuery, enabled: signedIn });
  const save = useMutation({
    mutationFn: (hardMode: boolean) => saveSettings({ hardMode }),
    scope: { id: 'settings' },
    onMutate: async (hardMode) => {
      await queryClient.cancelQueries({ queryKey: settingsQuery.queryKey });
      queryClient.setQueryData<SettingsResponse>(settingsQuery.queryKey, (current) =>
        current ? { ...current, hardMode } : current,
      );
    },
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery.queryKey, answer),
    onError: (error) => {
      showAlert(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
    },
  });
  if (!signedIn) {
    return { on: guestOn, keptIn: 'browser', failed: false, set: setGuestHardMode };
  }
  return {
    on: settings.data?.hardMode,
    keptIn: 'account',
    failed: settings.isError,
    set: (on) => save.mutate(on),
  };
}
