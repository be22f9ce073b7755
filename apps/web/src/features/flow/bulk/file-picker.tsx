import { useId, useRef, useState, type DragEvent } from 'react';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import Download from 'lucide-react/icons/download';
import Upload from 'lucide-react/icons/upload';
import { BULK_FORMATS, type BulkFormat } from '@meridian/contract/bulk';
import { saveBlob } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { toast } from '@/lib/toast';
import { downloadTemplate } from '../api/bulk';

/** The template of each file type, fetched with the auth headers and saved. */
export function TemplateDownloads() {
  const [busy, setBusy] = useState<BulkFormat | null>(null);
  const download = async (type: BulkFormat) => {
    setBusy(type);
    try {
      saveBlob(await downloadTemplate(type), `bulk_payout_template.${type}`);
    } catch (error) {
      toast.error('The template could not be downloaded', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {BULK_FORMATS.map((type) => (
        <Button
          key={type}
          variant="outline"
          onClick={() => void download(type)}
          disabled={busy !== null}
          aria-busy={busy === type || undefined}
        >
          <Download aria-hidden />
          {type.toUpperCase()} template
        </Button>
      ))}
    </div>
  );
}

/**
 * A drop zone with a file picker (CSV or XLSX, up to 5 MB): dropping a file or choosing one hands it over.
 * The input is the named control; the zone only adds dropping.
 */
export function FilePicker({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cx(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
        over ? 'border-primary bg-primary/5' : 'border-input',
      )}
    >
      <FileSpreadsheet className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm">Drop a CSV or XLSX file here, or choose one. Up to 10,000 rows and 5 MB.</p>
      <label htmlFor={id} className="sr-only">
        Payout file (CSV or XLSX, up to 5 MB)
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button onClick={() => input.current?.click()} disabled={disabled}>
        <Upload aria-hidden />
        Choose a file
      </Button>
    </div>
  );
}
