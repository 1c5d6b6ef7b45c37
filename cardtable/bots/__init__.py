"""Computer players: they act through the same legal-action API as people."""
