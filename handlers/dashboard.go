package handlers

import (
	"net/http"
)

// dashboardGeneral is the signed-in home: name, balance (shared auth prop), welcome and next
// steps.
func (s *Server) dashboardGeneral(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "dashboard/general", nil)
}

// dashboardAdmin is the admin area's entry (a placeholder until the admin issue fills it).
func (s *Server) dashboardAdmin(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "dashboard/admin", nil)
}
