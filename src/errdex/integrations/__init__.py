"""errdex inside other tools' sessions: IPython/Jupyter (``%load_ext errdex``) and pytest
(``-p errdex`` / ``--errdex``). Both use the runtime hooks' lookup by real frames."""
