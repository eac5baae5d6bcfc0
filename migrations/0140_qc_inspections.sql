-- Quality checks (issue 17, quality control): an inspection of a lot (a production order or a
-- receiving, named by its reference) planned from the ISO 2859-1 tables when it is booked (lot size,
-- inspection level, AQL per defect class → code letter, sample size, acceptance and rejection
-- numbers, kept as booked so a later change of the tables never rewrites a verdict), then its
-- report: defects found per class and the pass or fail the acceptance numbers decide.

CREATE TABLE qc_inspections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 60),
  product text NOT NULL CHECK (length(product) BETWEEN 1 AND 120),
  stage text NOT NULL CHECK (stage IN ('PRE_PRODUCTION', 'DURING_PRODUCTION', 'PRE_SHIPMENT', 'RECEIVING')),
  lot_size integer NOT NULL CHECK (lot_size >= 2),
  inspection_level text NOT NULL CHECK (inspection_level IN ('I', 'II', 'III')),
  code_letter text NOT NULL,
  -- One plan per defect class: { aql, sampleSize, accept, reject }.
  plans jsonb NOT NULL,
  status text NOT NULL DEFAULT 'BOOKED' CHECK (status IN ('BOOKED', 'REPORTED')),
  critical_found integer CHECK (critical_found >= 0),
  major_found integer CHECK (major_found >= 0),
  minor_found integer CHECK (minor_found >= 0),
  verdict text CHECK (verdict IN ('PASS', 'FAIL')),
  notes text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  reported_at timestamptz,
  CHECK ((status = 'REPORTED') = (verdict IS NOT NULL))
);
CREATE INDEX qc_inspections_store_idx ON qc_inspections (store_id, created_at DESC);
