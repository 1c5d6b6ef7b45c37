"""Play over a home network, without pygame: the wire format (:mod:`.protocol`), the host
that runs the game (:mod:`.host`), the client a window or a headless player uses
(:mod:`.client`) and finding tables on the network (:mod:`.discovery`)."""
