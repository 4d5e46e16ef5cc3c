/**
 * A file field whose file is stored on the server as soon as it is chosen (an UploadTarget is
 * provided): the spec's limits checked in the browser first (size, type: ./upload-rules.ts; the
 * server checks again by content), a progress bar while sending, replace and delete while the
 * record is editable, and the server's refusal shown under the field.
 */
import { useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import type { UploadRule } from '../../../../generator/manifest-types.ts';
import { listJoin } from '../../../core/text.ts';
import { useLanguage, useUi } from '../../i18n/hooks.ts';
import { acceptAttribute, checkFiles, DEFAULT_MAX_SIZE_MB, type UploadProblem } from './upload-rules.ts';
import { fileNameOf, type UploadTarget } from './upload-target.tsx';

const TEXTS = {
  replace: { en: 'Replace', ar: 'استبدال' },
  delete: { en: 'Delete', ar: 'حذف' },
  uploading: { en: 'Uploading {{name}}…', ar: 'جارٍ رفع {{name}}…' },
  failed: { en: 'The file was not uploaded', ar: 'لم يتم رفع الملف' },
  deleteFailed: { en: 'The file was not deleted', ar: 'لم يتم حذف الملف' },
  limits: { en: 'Up to {{max}} MB; {{types}}', ar: 'حتى {{max}} ميجابايت؛ {{types}}' },
  locked: { en: 'Files can no longer be changed', ar: 'لم يعد من الممكن تغيير الملفات' },
} as const;

export interface ServerUploadFieldProps {
  id: string;
  field: string;
  label: string;
  required: boolean;
  disabled: boolean;
  value: unknown;
  rule: UploadRule | undefined;
  target: UploadTarget;
  serverErrors?: string[];
  onChange(value: string | undefined): void;
}

export function ServerUploadField({
  id,
  field,
  label,
  required,
  disabled,
  value,
  rule,
  target,
  serverErrors,
  onChange,
}: ServerUploadFieldProps) {
  const ui = useUi();
  const language = useLanguage();
  const t = (key: keyof typeof TEXTS, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce<string>(
      (s, [k, v]) => s.replace(`{{${k}}}`, String(v)),
      language === 'ar' ? TEXTS[key].ar : TEXTS[key].en,
    );
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [failure, setFailure] = useState<string | undefined>();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | undefined>();
  const stored = typeof value === 'string' && value ? value : undefined;
  const locked = !target.editable;
  const busy = progress !== undefined;
  const describe = (p: UploadProblem): string =>
    p.kind === 'too-many'
      ? ui('tooManyFiles', { max: p.max })
      : p.kind === 'too-large'
        ? `${p.file}: ${ui('fileTooLarge', { max: p.maxMB })}`
        : `${p.file}: ${ui('fileTypeRefused', { types: listJoin(p.accept, language) })}`;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])].slice(0, 1);
    e.target.value = '';
    setFailure(undefined);
    const found = checkFiles(files, rule);
    setProblems(found);
    if (found.length || !files[0]) return;
    const file = files[0];
    setProgress({ name: file.name, fraction: 0 });
    try {
      const next = await target.upload(field, file, (fraction) => setProgress({ name: file.name, fraction }));
      onChange(next);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('failed'));
    } finally {
      setProgress(undefined);
    }
  };

  const onDelete = async () => {
    if (!stored) return;
    setFailure(undefined);
    try {
      await target.remove(field, stored);
      onChange(undefined);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('deleteFailed'));
    }
  };

  const types = listJoin(rule?.accept ?? [], language);
  return (
    <Box data-upload-field={field}>
      <Typography variant="body2" component="label" htmlFor={id} sx={{ display: 'block', mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component="label" variant="outlined" startIcon={<CloudUpload />} disabled={disabled || locked || busy}>
          {stored ? t('replace') : ui('chooseFile')}
          <input id={id} hidden type="file" accept={acceptAttribute(rule)} onChange={(e) => void onFile(e)} />
        </Button>
        {stored && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <InsertDriveFile fontSize="small" color="action" />
            <Typography variant="body2" noWrap sx={{ maxWidth: 320 }} data-file-name>
              {fileNameOf(stored)}
            </Typography>
          </Stack>
        )}
        {stored && !locked && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => void onDelete()}
            disabled={disabled || busy}
          >
            {t('delete')}
          </Button>
        )}
      </Stack>
      <FormHelperText>
        {locked
          ? t('locked')
          : t('limits', { max: rule?.maxFileSizeMB ?? rule?.maxSizeMB ?? DEFAULT_MAX_SIZE_MB, types })}
      </FormHelperText>
      {progress && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite">
          <Typography variant="caption">{t('uploading', { name: progress.name })}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress.fraction * 100)}
            aria-label={t('uploading', { name: progress.name })}
          />
        </Box>
      )}
      {problems.map((p, i) => (
        <FormHelperText key={i} error>
          {describe(p)}
        </FormHelperText>
      ))}
      {failure && <FormHelperText error>{failure}</FormHelperText>}
      {serverErrors?.map((message, i) => (
        <FormHelperText key={`s${i}`} error>
          {message}
        </FormHelperText>
      ))}
    </Box>
  );
}
