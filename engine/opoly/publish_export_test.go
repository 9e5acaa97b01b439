package opoly

import (
	"fmt"

	"boardroom/engine"
)

// RecountPublished checks the published summaries of a game made by this
// package against a full recount: publish updates the holdings, owners,
// group summaries and property lists for the changed cells only, and counts
// the buildings of a finite supply.
func RecountPublished(g engine.Game) error {
	gm := g.(*Game)
	inc := gm.pub
	gm.cellsDirty = true // the next publish recounts every cell
	gm.publish()
	switch {
	case gm.pub.holdings != inc.holdings:
		return fmt.Errorf("holdings %v, recounted %v", inc.holdings, gm.pub.holdings)
	case gm.pub.owners != inc.owners:
		return fmt.Errorf("owners %v, recounted %v", inc.owners, gm.pub.owners)
	case gm.pub.grp != inc.grp:
		return fmt.Errorf("groups %v, recounted %v", inc.grp, gm.pub.grp)
	case gm.pub.units != inc.units || gm.pub.tops != inc.tops:
		return fmt.Errorf("units and tops on the board %d, %d, recounted %d, %d", inc.units, inc.tops, gm.pub.units, gm.pub.tops)
	case gm.pub.cellsVer != inc.cellsVer:
		return fmt.Errorf("cells version %x, recounted %x", inc.cellsVer, gm.pub.cellsVer)
	case fmt.Sprint(gm.pub.props) != fmt.Sprint(inc.props):
		return fmt.Errorf("properties %v, recounted %v", inc.props, gm.pub.props)
	}
	return nil
}
