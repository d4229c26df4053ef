"""What several test folders share: hypothesis strategies of IR and CFGs, the model snapshots' layout."""
