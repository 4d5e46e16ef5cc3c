/**
 * Screen actions (navigate, call, delete, restore, export, confirm): the address each one
 * uses, computed purely, and `useActionRunner`, the thin hook that performs them.
 */
import { fileNameFromDisposition } from '../../core/file-name.ts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClientManifest, Screen, ScreenAction } from '../../../generator/manifest-types.ts';
import { useApi } from '../data/ApiProvider.tsx';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useLabel } from '../i18n/hooks.ts';
import { hrefFor, paramsFromRow } from '../router/paths.ts';
import { useConfirm } from '../popup/confirm.ts';
import { useToast } from '../toasts/useToast.ts';

type Row = Record<string, unknown>;

/** `/students/:id/export` with `{id: 7}` -> `/students/7/export` (missing optional parts dropped). */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path
    .replace(/\/:([A-Za-z_][A-Za-z0-9_]*)(\?)?/g, (_m, name: string, optional?: string) => {
      const v = values[name];
      if (v === undefined || v === null || v === '') return optional ? '' : `/${name}`;
      return `/${encodeURIComponent(String(v))}`;
    })
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)\??\}/g, (_m, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

export interface ActionTarget {
  kind: 'navigate' | 'request' | 'download';
  href?: string;
  method?: string;
  path?: string;
  fileName?: string;
}

/** What an action does for a row (or the page when `row` is empty). */
export function actionTarget(
  action: ScreenAction,
  screen: Pick<Screen, 'source'>,
  manifest: Pick<ClientManifest, 'screens'>,
  row: Row = {},
  params: Readonly<Record<string, string | undefined>> = {},
): ActionTarget | undefined {
  const values = { ...params, ...paramsFromRow(action.params, row, params) };
  if (!action.params) Object.assign(values, row);
  const resource = screen.source?.resource ? `/${screen.source.resource}` : '';
  switch (action.type) {
    case 'navigate': {
      const href = action.route ? hrefFor(manifest, action.route, values) : undefined;
      return href ? { kind: 'navigate', href } : undefined;
    }
    case 'delete':
      return {
        kind: 'request',
        method: 'DELETE',
        path: action.path ? fillPath(action.path, values) : `${resource}/${String(row.id)}`,
      };
    case 'restore':
      return {
        kind: 'request',
        method: 'POST',
        path: action.path ? fillPath(action.path, values) : `${resource}/restore/${String(row.id)}`,
      };
    case 'export':
      return {
        kind: 'download',
        method: action.method ?? 'POST',
        path: fillPath(action.path ?? `${resource}/export`, values),
        fileName: action.fileName ?? 'export.xlsx',
      };
    case 'call':
    case 'confirm':
      return action.path
        ? { kind: 'request', method: action.method ?? 'POST', path: fillPath(action.path, values) }
        : undefined;
  }
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Runs an action: asks its confirmation first (the portal's dialog, useConfirm), then navigates, calls or downloads; `done` after a call. */
export function useActionRunner(
  screen: Screen,
  params: Readonly<Record<string, string | undefined>>,
  done?: () => void,
) {
  const manifest = useManifest();
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const label = useLabel();
  const confirm = useConfirm();
  return useCallback(
    async (action: ScreenAction, row?: Row, body?: unknown) => {
      const target = actionTarget(action, screen, manifest, row, params);
      if (!target) return;
      // asked in the portal's dialog, in the portal's language
      if (action.confirm && !(await confirm(label(action.confirm)))) return;
      if (target.kind === 'navigate' && target.href) {
        if (action.row && screen.rowLink?.newTab && action.route === screen.rowLink.route)
          window.open(target.href, '_blank', 'noopener');
        else void navigate(target.href);
        return;
      }
      if (!target.path) return;
      try {
        if (target.kind === 'download') {
          // The server's name for the file (a certificate's reference, a document's own name) wins
          // over the YAML's, which names downloads the server leaves unnamed.
          let served: string | undefined;
          const blob = await api.request<Blob>(target.method ?? 'POST', target.path, body, {
            responseType: 'blob',
            onHeaders: (headers) => {
              served = fileNameFromDisposition(headers['content-disposition']);
            },
          });
          saveBlob(blob, served ?? target.fileName ?? 'export');
        } else {
          await api.request(target.method ?? 'POST', target.path, body);
          toast.success();
          done?.();
        }
      } catch {
        // the API client has shown the error toast
      }
    },
    [screen, manifest, params, api, navigate, toast, label, confirm, done],
  );
}
