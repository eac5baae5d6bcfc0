-- Quality checks completed (issue 17): the inspection fee charged through the payments ledger when
-- it is booked (kept with the charge, so a refund or an invoice line can name it), the receiving
-- an inspection at the dock looks at (so each side shows the other), and the defect photos of the
-- report: pictures the store uploaded (api/src/storage), in the order the inspector gave them.

ALTER TABLE qc_inspections
  ADD COLUMN fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  ADD COLUMN charge_id text REFERENCES payment_charges(id),
  ADD COLUMN receiving_id uuid REFERENCES receivings(id) ON DELETE SET NULL;
CREATE INDEX qc_inspections_receiving_idx ON qc_inspections (store_id, receiving_id, created_at DESC) WHERE receiving_id IS NOT NULL;

CREATE TABLE qc_inspection_photos (
  inspection_id uuid NOT NULL REFERENCES qc_inspections(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  -- Copied from the upload when reported, so the report reads its photos without the uploads table.
  file_name text NOT NULL,
  PRIMARY KEY (inspection_id, upload_id)
);
CREATE INDEX qc_inspection_photos_inspection_idx ON qc_inspection_photos (inspection_id, position);
