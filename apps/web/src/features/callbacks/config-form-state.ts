import { useState, type FormEvent } from 'react';
import type { CallbackConfig } from '@meridian/contract';
import { fieldErrors } from '@/lib/api';
import { useCallbackMethods, useCallbackTypes, useSaveCallback } from './api';

/** What the edit dialog needs of an existing configuration. */
export interface EditableConfig {
  callback_id: string;
  event_type: CallbackConfig['event_type'];
  url: string;
  http_method: CallbackConfig['http_method'];
  is_active: boolean;
}

/** An http(s) URL, or the message to show (the server checks again, with production's rules). */
export function urlProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'Enter the URL callbacks are sent to';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Enter a full URL, e.g. https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter an http(s) URL';
  if (trimmed.length > 2048) return 'A callback URL is at most 2048 characters';
  return null;
}

/**
 * The configuration dialog's state: open or not, the fields, the types and methods the server offers, and the
 * save (a created configuration, a held one, or the URL's problem).
 */
export function useConfigDialog(config: EditableConfig | undefined) {
  const [open, setOpen] = useState(false);
  const types = useCallbackTypes();
  const methods = useCallbackMethods();
  const save = useSaveCallback();
  const [eventType, setEventType] = useState<string>(config?.event_type ?? '');
  const [url, setUrl] = useState(config?.url ?? '');
  const [method, setMethod] = useState<string>(config?.http_method ?? 'POST');
  const [active, setActive] = useState(config?.is_active ?? true);
  const [invalid, setInvalid] = useState<string | null>(null);
  // What the held request would do, as the alert's title says it.
  const [heldWhat, setHeldWhat] = useState('');
  const serverFields = save.isError ? fieldErrors(save.error) : {};

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      save.reset();
      setInvalid(null);
      if (!config) {
        setUrl('');
        setEventType('');
      }
    }
  };
  /** Opens the dialog; the form starts from the configuration as it is now (it may have changed since). */
  const openDialog = () => {
    if (config) {
      setUrl(config.url);
      setMethod(config.http_method);
      setActive(config.is_active);
    }
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = urlProblem(url);
    setInvalid(problem);
    if (problem) return;
    const http_method = method as CallbackConfig['http_method'];
    setHeldWhat(config ? `the change of ${config.url}` : `callback URL ${url.trim()}`);
    if (config) {
      save.mutate(
        {
          action: 'update',
          callback_id: config.callback_id,
          url: url.trim(),
          http_method,
          is_active: active,
        },
        // A held change keeps the dialog open to say it waits.
        { onSuccess: (saved) => saved.done && setOpen(false) },
      );
    } else {
      const type = eventType || types.data?.[0]?.event_type;
      if (!type) return;
      save.mutate({
        action: 'create',
        event_type: type as CallbackConfig['event_type'],
        url: url.trim(),
        http_method,
        is_active: active,
      });
    }
  };

  return {
    open,
    onOpenChange,
    openDialog,
    types,
    methods,
    save,
    fields: { eventType, setEventType, url, setUrl, method, setMethod, active, setActive },
    urlError: invalid ?? serverFields.url ?? null,
    serverFields,
    heldWhat,
    submit,
  };
}

export type ConfigDialogState = ReturnType<typeof useConfigDialog>;
