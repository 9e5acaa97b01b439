package opolytuitest

// Projectopoly cells the tests use (G000-02).
const (
	PPAgile     = 5
	PPIntranet  = 6
	PPTimesheet = 8
	PPPrinter   = 9
	PPWebsite   = 11
	PPDesk      = 12
	PPPortal    = 13
	PPStore     = 14
	PPField     = 16
	PPLoyalty   = 18
	PPBanking   = 19
	PPKPI       = 21
	PPWarehouse = 23
	PPCDP       = 24
	PPLegacy    = 1
	PPHelpDesk  = 3
)

// Technopoly cells the tests use (G001-01).
const (
	TPFieldSense   = 1
	TPHerdTrack    = 3
	TPLaganFibre   = 5
	TPLearnLoop    = 6
	TPQuizForge    = 8
	TPTutorNest    = 9
	TPHarbourCloud = 12
	TPGlensHosting = 28
	TPTechMeetup   = 2
)
