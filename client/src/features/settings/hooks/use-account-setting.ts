import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerSettings, SettingsResponse } from '@jotto/shared/settings-schemas';
import { useAlert } from '@/components/alert-provider.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { saveSettings, settingsQuery } from '../api/settings-api.ts';

/** An on/off setting of a signed-in player's account, and how to change it. */
export interface AccountSetting {
  /** On or off; undefined while the settings load (or failed to). */
  on: boolean | undefined;
  /** The settings could not be read. */
  failed: boolean;
  set: (on: boolean) => void;
}

/**
 * One setting of the account (docs/PRODUCT.md, 'Settings'), read with all the others and saved
 * alone: shown changed at once, saved in order (one save of the settings at a time); a refused
 * save is alerted and the switch goes back to what the server holds. Nothing is asked unless
 * `signedIn`.
 */
export function useAccountSetting(
  field: {
    [K in keyof PlayerSettings]: PlayerSettings[K] extends boolean ? K : never;
  }[keyof PlayerSettings],
  signedIn: boolean,
): AccountSetting {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const settings = useQuery({ ...settingsQuery, enabled: signedIn });
  const save = useMutation({
    mutationFn: (on: boolean) => saveSettings({ [field]: on }),
    scope: { id: 'settings' },
    onMutate: async (on) => {
      await queryClient.cancelQueries({ queryKey: settingsQuery.queryKey });
      queryClient.setQueryData<SettingsResponse>(settingsQuery.queryKey, (current) =>
        current ? { ...current, [field]: on } : current,
      );
    },
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery.queryKey, answer),
    onError: (error) => {
      showAlert(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
    },
  });
  return {
    on: settings.data?.[field],
    failed: settings.isError,
    set: (on) => save.mutate(on),
  };
}
