"""Server-side media: the forwarding engine (its own process) and how workers reach it."""
