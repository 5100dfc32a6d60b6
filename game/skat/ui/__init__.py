"""The pygame-ce table: card art, sounds, icon and screens, drawn by our own code."""
