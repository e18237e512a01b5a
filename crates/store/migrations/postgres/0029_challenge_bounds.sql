-- A challenger's open challenges and the last one to each person are counted across every place (the
-- bounds on how often one person can be pinged): indexed by challenger, so that counting stays a look-up
-- however many challenges were ever sent.
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, challenged_id);
