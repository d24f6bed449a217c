// The SSH benchmark's reference server (Tools/Benchmarks/SSH/ssh-load.py): Charm's Wish serving a
// Bubble Tea program that draws what ScreenKitSSHBenchServer's sessions draw, a braille spinner
// turning every 100 ms and the last key pressed eight times over. Built by the benchmark with
// Debian's Go and Debian's Wish 0.1.1 and Bubble Tea 0.19.1 sources (GO111MODULE=off,
// GOPATH=/usr/share/gocode); arguments: ADDRESS HOST_KEY AUTHORIZED_KEYS.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/wish"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/gliderlabs/ssh"
	gossh "golang.org/x/crypto/ssh"
)

var frames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

type tick struct{}

type model struct {
	frame   int
	lastKey string
}

func next() tea.Cmd {
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return tick{} })
}

func (m model) Init() tea.Cmd { return next() }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tick:
		m.frame++
		return m, next()
	case tea.KeyMsg:
		if msg.String() == "q" {
			return m, tea.Quit
		}
		m.lastKey = msg.String()
	}
	return m, nil
}

func (m model) View() string {
	return frames[m.frame%len(frames)] + " spinning; press keys, q quits\nkey: " +
		strings.Repeat(m.lastKey, 8)
}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: wish-spinner ADDRESS HOST_KEY AUTHORIZED_KEYS")
		os.Exit(2)
	}
	text, err := os.ReadFile(os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, "wish-spinner:", err)
		os.Exit(2)
	}
	var allowed []ssh.PublicKey
	for len(text) > 0 {
		key, _, _, rest, err := gossh.ParseAuthorizedKey(text)
		if err != nil {
			break
		}
		allowed = append(allowed, key)
		text = rest
	}
	server, err := wish.NewServer(
		wish.WithAddress(os.Args[1]),
		wish.WithHostKeyPath(os.Args[2]),
		wish.WithPublicKeyAuth(func(_ ssh.Context, key ssh.PublicKey) bool {
			for _, other := range allowed {
				if ssh.KeysEqual(key, other) {
					return true
				}
			}
			return false
		}),
		wish.WithMiddleware(bm.Middleware(func(ssh.Session) (tea.Model, []tea.ProgramOption) {
			return model{lastKey: "-"}, []tea.ProgramOption{tea.WithAltScreen()}
		})),
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wish-spinner:", err)
		os.Exit(2)
	}
	done := make(chan os.Signal, 1)
	signal.Notify(done, os.Interrupt, syscall.SIGTERM)
	go func() {
		if err := server.ListenAndServe(); err != nil && err != ssh.ErrServerClosed {
			fmt.Fprintln(os.Stderr, "wish-spinner:", err)
			os.Exit(1)
		}
	}()
	fmt.Println("listening")
	<-done
	server.Close()
}
