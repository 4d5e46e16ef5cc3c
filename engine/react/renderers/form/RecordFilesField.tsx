/**
 * A record's file field (`type: file`) in a form: each chosen file is sent to the uploads
 * store at once (POST /uploads/{entity}/{field}), checked first in the browser against the
 * field's limits (the server checks again, by content), and the field's value becomes the list
 * of stored files' references, saved with the record. Removing a file takes it out of the list;
 * the server deletes it when the record is saved.
 */
import { useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, IconButton, LinearProgress, Typography } from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Close from '@mui/icons-material/Close';
import type { FileStore } from '../../../../generator/manifest-types.ts';
import { acceptedExtensionsOf, formatByteSize, storedFilesOf, type StoredFileRef } from '../../../core/file-types.ts';
import { isApiError } from '../../../core/api/api-error.ts';
import { listJoin } from '../../../core/text.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useLanguage, useUi } from '../../i18n/hooks.ts';
import { StoredFiles } from '../files/StoredFiles.tsx';
import { checkFiles, type UploadProblem } from './upload-rules.ts';

export interface RecordFilesFieldProps {
  id: string;
  label: string;
  required: boolean;
  disabled: boolean;
  value: unknown;
  store: FileStore;
  onChange(value: StoredFileRef[] | undefined): void;
}

/** The server's refusal of one file, as it says it (the field's message, or the answer's). */
function refusal(error: unknown, field: string): string | undefined {
  if (!isApiError(error) || error.status === undefined) return undefined;
  return error.fieldErrors[field] ?? (error.message || undefined);
}

export function RecordFilesField({ id, label, required, disabled, value, store, onChange }: RecordFilesFieldProps) {
  const ui = useUi();
  const api = useApi();
  const language = useLanguage();
  const { rule } = store;
  const files = storedFilesOf(value);
  const extensions = acceptedExtensionsOf(rule.accept);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | undefined>();
  const describe = (p: UploadProblem): string =>
    p.kind === 'too-many'
      ? ui('tooManyFiles', { max: p.max })
      : p.kind === 'too-large'
        ? `${p.file}: ${ui('fileTooLarge', { max: p.maxMB })}`
        : `${p.file}: ${ui('fileTypeRefused', { types: listJoin(p.accept, language) })}`;

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    // One file only: a new choice replaces the one held.
    const kept = rule.maxFiles === 1 ? [] : files;
    const found = checkFiles([...kept.map((f) => ({ name: f.name, size: 0 })), ...chosen], {
      accept: extensions,
      maxFiles: rule.maxFiles,
      maxSizeMB: rule.maxBytes / (1024 * 1024),
    });
    setProblems(found.map(describe));
    if (found.length || !chosen.length) return;
    let next = kept;
    const failed: string[] = [];
    for (const file of chosen) {
      setProgress({ name: file.name, fraction: 0 });
      const body = new FormData();
      body.append('file', file, file.name);
      try {
        const answer = await api.post<{ data: StoredFileRef }>(
          `/uploads/${encodeURIComponent(store.resource)}/${encodeURIComponent(store.field)}`,
          body,
          {
            toast: false,
            onUploadProgress: (p) => setProgress({ name: file.name, fraction: p.total ? p.loaded / p.total : 0 }),
          },
        );
        next = [...next, answer.data];
        onChange(next);
      } catch (error) {
        failed.push(`${file.name}: ${refusal(error, store.field) ?? ui('filesFailed')}`);
      }
    }
    setProgress(undefined);
    setProblems(failed);
  };

  const remove = (file: StoredFileRef) => {
    const rest = files.filter((f) => f.id !== file.id);
    onChange(rest.length ? rest : undefined);
  };

  const full = files.length >= rule.maxFiles;
  return (
    <Box data-record-files={store.field}>
      <Typography variant="body2" component="label" htmlFor={id} sx={{ display: 'block', mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      {files.length > 0 && (
        <Box sx={{ mb: 1 }}>
          <StoredFiles
            value={files}
            extra={(f) =>
              !disabled && (
                <IconButton size="small" aria-label={ui('filesRemove', { name: f.name })} onClick={() => remove(f)}>
                  <Close fontSize="small" />
                </IconButton>
              )
            }
          />
        </Box>
      )}
      <Button
        component="label"
        variant="outlined"
        startIcon={<CloudUpload />}
        disabled={disabled || progress !== undefined || (full && rule.maxFiles > 1)}
      >
        {ui('chooseFile')}
        <input
          id={id}
          hidden
          type="file"
          multiple={rule.maxFiles > 1}
          accept={extensions.map((e) => `.${e}`).join(',')}
          onChange={(e) => void onFiles(e)}
        />
      </Button>
      <FormHelperText>
        {ui('filesLimits', {
          count: rule.maxFiles,
          size: formatByteSize(rule.maxBytes),
          types: listJoin(extensions, language),
        })}
      </FormHelperText>
      {progress && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite">
          <Typography variant="caption">{ui('filesUploading', { name: progress.name })}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress.fraction * 100)}
            aria-label={ui('filesUploading', { name: progress.name })}
          />
        </Box>
      )}
      {problems.map((p, i) => (
        <FormHelperText key={i} error>
          {p}
        </FormHelperText>
      ))}
    </Box>
  );
}
