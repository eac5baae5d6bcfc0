-- The questions each help article answers, in a visitor's words ("how do I get started", "talk to
-- a human"). Search adds how closely a question matches one of them (trigram similarity) to the
-- meaning and keyword scores: short, common questions share few distinctive words with an
-- article's text, so keywords alone ranked the sample-refund article first for "how do I get started".
ALTER TABLE help_center_articles ADD COLUMN questions text[] NOT NULL DEFAULT '{}';
