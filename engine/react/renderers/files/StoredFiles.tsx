/**
 * The files of a record's file field (`type: file`) in a detail page, a list cell or a form:
 * pictures as thumbnails, other files as download links, each read through the API with the
 * user's own access (the server answers a file only to who may read its record).
 */
import { Box, Link, Stack } from '@mui/material';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import type { ReactNode } from 'react';
import { isPictureType, storedFilesOf, type StoredFileRef } from '../../../core/file-types.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useUi } from '../../i18n/hooks.ts';
import { storedFilePath, useStoredFileUrl } from './stored-file-url.ts';

const SIZES = { small: 40, large: 120 } as const;

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Thumbnail({ file, size }: { file: StoredFileRef; size: number }) {
  const ui = useUi();
  const url = useStoredFileUrl(file.id, true);
  return (
    <Box
      component={url ? 'img' : 'span'}
      src={url}
      alt={ui('filesPicture', { name: file.name })}
      title={file.name}
      data-file-thumbnail={file.id}
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: 1,
        bgcolor: 'action.hover',
        verticalAlign: 'middle',
      }}
    />
  );
}

function DownloadLink({ file }: { file: StoredFileRef }) {
  const api = useApi();
  const ui = useUi();
  const download = async () => {
    const blob = await api.get<Blob>(storedFilePath(file.id), { responseType: 'blob' });
    saveBlob(blob, file.name);
  };
  return (
    <Link
      component="button"
      type="button"
      onClick={(e: React.MouseEvent) => {
        e.stopPropagation();
        void download();
      }}
      aria-label={ui('filesDownload', { name: file.name })}
      data-file-link={file.id}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: 260 }}
    >
      <InsertDriveFile fontSize="small" />
      <bdi style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{file.name}</bdi>
    </Link>
  );
}

export function StoredFile({ file, size = 'large' }: { file: StoredFileRef; size?: keyof typeof SIZES }) {
  return isPictureType(file.mime) ? <Thumbnail file={file} size={SIZES[size]} /> : <DownloadLink file={file} />;
}

/** The files a value lists, or a dash when it lists none. `extra` draws per file (the form's remove button). */
export function StoredFiles({
  value,
  size = 'large',
  extra,
}: {
  value: unknown;
  size?: keyof typeof SIZES;
  extra?: (file: StoredFileRef) => ReactNode;
}) {
  const files = storedFilesOf(value);
  if (!files.length) return <>—</>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-stored-files>
      {files.map((f) => (
        <Stack key={f.id} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <StoredFile file={f} size={size} />
          {extra?.(f)}
        </Stack>
      ))}
    </Stack>
  );
}
