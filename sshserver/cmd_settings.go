package sshserver

import (
	"fmt"
	"strings"

	"boardroom/lobby"
)

// settings [bell on|off]: show or change the player's own settings
// (stored per account, so every session and the next evening follow them).
func cmdSettings(c *cmdEnv, args []string) error {
	api, ok := c.api.(lobby.AccountSettings)
	if !ok {
		return playerErrorf("this server keeps no settings")
	}
	set, err := api.Settings(c.ctx, c.acct)
	if err != nil {
		return err
	}
	switch {
	case len(args) == 0:
	case len(args) == 2 && args[0] == "bell" && (args[1] == "on" || args[1] == "off"):
		set.BellOff = args[1] == "off"
		if err := api.SaveSettings(c.ctx, c.acct, set); err != nil {
			return err
		}
	case len(args) >= 1 && args[0] == "bell":
		return usagef("settings bell on, or settings bell off")
	default:
		return usagef("the only setting is the bell: settings bell on|off")
	}
	fmt.Fprintf(c.out, "bell: %s\n", bellText(set))
	return nil
}

func bellText(s lobby.Settings) string {
	if s.Bell() {
		return "on (your terminal rings when it is your move and when a chat line names you with @handle)"
	}
	return "off (your terminal stays silent; turn it on with: settings bell on)"
}

// lobby webhook SLUG [URL|off]: a private lobby's connection to the team's
// chat. Any member sees whether it is on and where it goes (the host only:
// the URL's path is a secret); the owner connects and disconnects it.
func cmdLobbyWebhook(c *cmdEnv, args []string) error {
	api, ok := c.api.(lobby.Webhooks)
	if !ok {
		return playerErrorf("%v", lobby.ErrNoWebhooks)
	}
	if len(args) < 1 || len(args) > 2 {
		return usagef("lobby webhook SLUG [URL|off]")
	}
	l, err := lobbyFlag(c, args[0])
	if err != nil {
		return err
	}
	if len(args) == 2 {
		if strings.EqualFold(args[1], "off") {
			if err := api.RemoveWebhook(c.ctx, c.acct, l.ID); err != nil {
				return err
			}
			fmt.Fprintf(c.out, "The lobby %q no longer tells a chat.\n", clean(l.Name))
			return nil
		}
		secret, err := api.SetWebhook(c.ctx, c.acct, l.ID, args[1])
		if err != nil {
			return err
		}
		fmt.Fprintf(c.out, "The lobby %q now tells its chat when a table opens and when a game ends.\n", clean(l.Name))
		fmt.Fprintln(c.out, "A test message is on its way.")
		fmt.Fprintf(c.out, "signing secret: %s\n", secret)
		fmt.Fprintln(c.out, "(Shown once. Each request carries X-Boardroom-Signature: sha256=HEX, the HMAC-SHA256")
		fmt.Fprintln(c.out, "of the body with this secret; a chat that does not check signatures can ignore it.)")
		return nil
	}
	st, err := api.WebhookStatus(c.ctx, c.acct, l.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "webhook: %s\n", webhookText(st))
	return nil
}

func webhookText(st lobby.WebhookStatus) string {
	if !st.On {
		return "off"
	}
	s := "on, to " + clean(st.Host)
	if h := st.Health; h.Failures > 0 {
		s += fmt.Sprintf("; failing since %s (%d in a row): %s", h.Since.Format("2006-01-02 15:04 UTC"), h.Failures, clean(h.LastError))
	}
	if st.Health.Dropped > 0 {
		s += fmt.Sprintf("; %d messages dropped", st.Health.Dropped)
	}
	return s
}
