import { useState, type ReactNode } from "react";
import { ORDER_EXPORT_CONTRACTS, ORDER_EXPORT_KIND_WORDS, type OrderExport } from "@atelier/contracts/order-exports";
import { request } from "../api/client";
import { JobProgress } from "./job-progress";
import { downloadWithToken } from "./save-blob";

/**
 * An export being written, then its file: the job's progress (live), and once it is done the
 * export read again for its file, with a "Download CSV" button. The dialog and the assistant's
 * card both show it.
 */
export function ExportProgress({ started, actions }: { started: OrderExport; actions?: ReactNode }) {
  const [current, setCurrent] = useState(started);
  const reread = async () => {
    try {
      setCurrent(await request(ORDER_EXPORT_CONTRACTS[started.kind].get, { params: { id: started.id } }, { quiet: true }));
    } catch {
      // The bar already says how the job ended; the button waits for a reload.
    }
  };
  const download = () => {
    if (current.downloadPath && current.fileName) void downloadWithToken(`/rest/main${current.downloadPath}`, current.fileName, "The file could not be downloaded. Please try again.");
  };
  return (
    <div className="export-progress" data-testid="export-progress">
      <JobProgress jobId={started.id} label={`Writing your ${ORDER_EXPORT_KIND_WORDS[started.kind]}`} doneText={current.summary} onFinished={() => void reread()} />
      <div className="dialog-actions">
        {actions}
        {current.downloadPath && <button type="button" className="primary" onClick={download}>Download CSV</button>}
      </div>
    </div>
  );
}
