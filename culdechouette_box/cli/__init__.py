"""The `culdechouette-box` command and its subcommands."""
