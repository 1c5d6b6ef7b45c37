"""The poker table every game written in a variant file is played on."""
