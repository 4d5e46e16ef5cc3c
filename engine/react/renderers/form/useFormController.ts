/**
 * The headless form controller: the record being edited (loaded for an edit address), the
 * RJSF schema for it, the validation from the shared rules, the submit call and the server's
 * field errors. `FormView` draws it; the wizard drives one controller per tab.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { ClientManifest, Form } from '../../../../generator/manifest-types.ts';
import { ApiError } from '../../../core/api/api-error.ts';
import type { ApiRequestConfig } from '../../../core/api/client.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useSession } from '../../data/SessionProvider.tsx';
import { useLanguage } from '../../i18n/hooks.ts';
import { useToast } from '../../toasts/useToast.ts';
import { fillPath } from '../actions.ts';
import { unwrapData } from '../useResource.ts';
import { withoutRefusedChoices } from '../../../core/choices.ts';
import {
  buildFormSchema,
  makeCustomValidate,
  makeTransformErrors,
  serverErrorsToExtraErrors,
  submittedData,
  withoutNulls,
  type Record_,
} from './form-model.ts';

export interface FormTarget {
  /** Where to load the record from (edit addresses); none for a new record. */
  loadPath?: string;
  method: string;
  path: string;
}

/** The calls of a form: its own `submit`, else PUT /{entity} (create), or PUT /{entity}/{id} when editing. */
export function formTarget(
  form: Pick<Form, 'submit' | 'entity'>,
  resource: string | undefined,
  params: Readonly<Record<string, string | undefined>>,
): FormTarget | undefined {
  const entity = form.entity ?? resource;
  const id = params.id;
  const loadPath = entity && id ? `/${entity}/${encodeURIComponent(id)}` : undefined;
  if (form.submit) return { loadPath, method: form.submit.method, path: fillPath(form.submit.path, params) };
  if (!entity) return undefined;
  // The generic resource API creates with PUT /{entity} (POST /{entity} is its list: a create
  // sent there answered a page of rows and saved nothing).
  return id
    ? { loadPath, method: 'PUT', path: `/${entity}/${encodeURIComponent(id)}` }
    : { method: 'PUT', path: `/${entity}` };
}

export interface FormControllerOptions {
  initialData?: Record_;
  /** Called with the server's answer after a successful submit. */
  onSaved?: (answer: unknown, data: Record_) => void;
  /** Skip loading the record (the wizard loads once for every tab). */
  skipLoad?: boolean;
  /** false: no 'Operation successful' toast (sign-in moves on instead). */
  successToast?: boolean;
  /** Extra request options of the submit call (e.g. `admission: true`). */
  request?: ApiRequestConfig;
  /** Sends the submitted values instead of the target's call (the wizard's tab sources). */
  send?: (body: Record_) => Promise<unknown>;
  /** Called when a submit failed, after the field errors are shown (a kept draft, say). */
  onFailed?: (error: unknown, data: Record_) => void;
}

export function useFormController(
  form: Form,
  manifest: ClientManifest,
  target: FormTarget | undefined,
  params: Readonly<Record<string, string | undefined>>,
  options: FormControllerOptions = {},
) {
  const api = useApi();
  const language = useLanguage();
  const toast = useToast();
  const { subject } = useSession();
  const [heldData, setFormData] = useState<Record_>(() => withoutNulls(options.initialData ?? {}));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<Record_> | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [loading, setLoading] = useState(!!target?.loadPath && !options.skipLoad);
  const context = useMemo(() => ({ params, subject }), [params, subject]);
  const loadPath = options.skipLoad ? undefined : target?.loadPath;

  useEffect(() => {
    if (!loadPath) return;
    let live = true;
    setLoading(true);
    api.get(loadPath).then(
      (body) => {
        if (!live) return;
        setFormData(withoutNulls((unwrapData(body) as Record_) ?? {}));
        setLoading(false);
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [api, loadPath]);

  // A chosen value that is no longer offered (options.when turned false) is cleared, whether
  // the record was loaded that way or another field just changed: the form shows it empty.
  const formData = useMemo(() => withoutRefusedChoices(form, heldData, context), [form, heldData, context]);
  const { schema, uiSchema } = useMemo(
    () => buildFormSchema(form, manifest, language, { ...context, record: formData }),
    [form, manifest, language, context, formData],
  );
  const customValidate = useMemo(
    () => makeCustomValidate(form, manifest, language, context),
    [form, manifest, language, context],
  );
  const transformErrors = useMemo(() => makeTransformErrors(form, manifest, language), [form, manifest, language]);

  const { onSaved, successToast = true, request, send, onFailed } = options;
  const submit = useCallback(
    async (data: Record_) => {
      if (!target && !send) {
        onSaved?.(undefined, data);
        return;
      }
      const body = submittedData(form, data, context);
      setSubmitting(true);
      setExtraErrors(undefined);
      try {
        const answer = send
          ? await send(body)
          : await api.request(target!.method, target!.path, body, { ...request, toast: false });
        if (successToast) toast.success();
        onSaved?.(answer, body);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
          setExtraErrors(serverErrorsToExtraErrors(error.fieldErrors));
        }
        if (!(error instanceof ApiError && error.reason))
          toast.error(error instanceof Error ? error.message : undefined);
        onFailed?.(error, body);
      } finally {
        setSubmitting(false);
      }
    },
    [api, target, form, context, toast, onSaved, successToast, request, send, onFailed],
  );

  return {
    schema,
    uiSchema,
    formData,
    setFormData,
    extraErrors,
    submitting,
    loading,
    submit,
    customValidate,
    transformErrors,
  };
}

export type FormController = ReturnType<typeof useFormController>;
