// The SSH benchmark's load generator in Go: N sessions with a pty each against one server, on
// loopback, doing what ssh-load.py's Python clients do at a tenth of their CPU, so that at
// 1,000 sessions on 2 cores the generator does not take the machine the servers are measured
// on (the Python clients took a whole core there, and every key's round trip waited for it).
//
// Built and driven by ssh-load.py (--generator go) with Debian's Go and Debian's
// golang.org/x/crypto sources (GOPATH mode). The protocol, one line each way:
//
//	stdout: ready CONNECTED SECONDS ERROR   once every session is open (ERROR "-" if none)
//	stdin:  window SECONDS                  the measuring window starts now
//	stdout: one JSON object                 once the window has ended, then it exits
//
// Every session shows a spinner turning every 100 ms and echoes the last key: the client
// counts the spinner frames it received (each carries one braille glyph, whose first two
// bytes no escape sequence contains) and presses a key a second, timing it until the key
// shows eight times over. Every loop is bounded in count and time; it connects to 127.0.0.1
// only.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/crypto/ssh"
)

var glyph = []byte{0xe2, 0xa0}

const keys = "abcdefghijklmnop" // no q, which ends a session

type session struct {
	index int
	mu    sync.Mutex
	// The window, in the clock's monotonic reading; zero until it starts.
	start, end  time.Time
	frames      int
	bytes       int
	windowBytes int
	pendingKey  []byte
	pendingAt   time.Time
	latencies   []float64
	closed      bool
}

type figures struct {
	Frames      int       `json:"frames"`
	Latencies   []float64 `json:"latencies"`
	Bytes       int       `json:"bytes"`
	WindowBytes int       `json:"window_bytes"`
}

type report struct {
	CPU      float64   `json:"cpu"`
	Sessions []figures `json:"sessions"`
}

func cpuSeconds() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	return float64(usage.Utime.Nano()+usage.Stime.Nano()) / 1e9
}

func fail(format string, arguments ...interface{}) {
	fmt.Fprintf(os.Stderr, "ssh-load-client: "+format+"\n", arguments...)
	os.Exit(1)
}

func main() {
	port := flag.Int("port", 0, "the server's port on 127.0.0.1")
	keyPath := flag.String("key", "", "the client's private key")
	count := flag.Int("sessions", 1, "sessions to open")
	flag.Parse()
	if *port <= 0 || *port > 65535 || *count < 1 || *count > 5000 || *keyPath == "" {
		fail("usage: ssh-load-client -port P -key FILE -sessions N (1...5000)")
	}
	pem, err := os.ReadFile(*keyPath)
	if err != nil {
		fail("%v", err)
	}
	signer, err := ssh.ParsePrivateKey(pem)
	if err != nil {
		fail("%v", err)
	}
	config := &ssh.ClientConfig{
		User: "bench", Auth: []ssh.AuthMethod{ssh.PublicKeys(signer)},
		// NB: a fresh server with a fresh host key on loopback, each run.
		HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: 60 * time.Second,
	}
	address := net.JoinHostPort("127.0.0.1", strconv.Itoa(*port))

	began := time.Now()
	sessions := make([]*session, 0, *count)
	var clients []*ssh.Client
	var mu sync.Mutex
	var firstError string
	limit := make(chan struct{}, 20)
	var opening sync.WaitGroup
	for i := 0; i < *count; i++ {
		opening.Add(1)
		go func(index int) {
			defer opening.Done()
			limit <- struct{}{}
			defer func() { <-limit }()
			client, s, err := open(address, config, index)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstError == "" {
					firstError = strings.ReplaceAll(err.Error(), "\n", " ")
				}
				return
			}
			clients = append(clients, client)
			sessions = append(sessions, s)
		}(i)
	}
	opening.Wait()
	if firstError == "" {
		firstError = "-"
	}
	fmt.Printf("ready %d %.2f %s\n", len(sessions), time.Since(began).Seconds(), firstError)

	input := bufio.NewScanner(os.Stdin)
	if !input.Scan() {
		fail("no window line on stdin")
	}
	fields := strings.Fields(input.Text())
	if len(fields) != 2 || fields[0] != "window" {
		fail("expected \"window SECONDS\", got %q", input.Text())
	}
	seconds, err := strconv.ParseFloat(fields[1], 64)
	if err != nil || seconds <= 0 || seconds > 600 {
		fail("the window must be 0...600 s")
	}
	start := time.Now()
	end := start.Add(time.Duration(seconds * float64(time.Second)))
	cpuStart := cpuSeconds()
	for _, s := range sessions {
		s.mu.Lock()
		s.start, s.end = start, end
		s.mu.Unlock()
	}
	time.Sleep(time.Until(end))
	cpu := cpuSeconds() - cpuStart
	// NB: a key pressed near the end may echo after it: a margin for its answer.
	time.Sleep(time.Second)

	result := report{CPU: cpu}
	for _, s := range sessions {
		s.mu.Lock()
		result.Sessions = append(result.Sessions, figures{
			Frames: s.frames, Latencies: s.latencies, Bytes: s.bytes, WindowBytes: s.windowBytes,
		})
		s.mu.Unlock()
	}
	encoded, err := json.Marshal(result)
	if err != nil {
		fail("%v", err)
	}
	os.Stdout.Write(append(encoded, '\n'))
	for _, client := range clients {
		client.Close()
	}
}

// open connects one session with a pty and a shell, and starts its reader and its keys.
func open(address string, config *ssh.ClientConfig, index int) (*ssh.Client, *session, error) {
	client, err := ssh.Dial("tcp", address, config)
	if err != nil {
		return nil, nil, err
	}
	channel, err := client.NewSession()
	if err != nil {
		client.Close()
		return nil, nil, err
	}
	if err := channel.RequestPty("xterm-256color", 24, 80, ssh.TerminalModes{}); err != nil {
		client.Close()
		return nil, nil, err
	}
	stdin, err := channel.StdinPipe()
	if err != nil {
		client.Close()
		return nil, nil, err
	}
	stdout, err := channel.StdoutPipe()
	if err != nil {
		client.Close()
		return nil, nil, err
	}
	if err := channel.Shell(); err != nil {
		client.Close()
		return nil, nil, err
	}
	s := &session{index: index}
	go s.read(stdout)
	go s.press(stdin)
	return client, s, nil
}

// read counts the frames and finds the echo of the pending key, until the session ends.
func (s *session) read(stdout interface{ Read([]byte) (int, error) }) {
	buffer := make([]byte, 32*1024)
	var tail []byte
	for {
		n, err := stdout.Read(buffer)
		now := time.Now()
		if n > 0 {
			text := append(append([]byte{}, tail...), buffer[:n]...)
			glyphs := bytes.Count(text, glyph) - bytes.Count(tail, glyph)
			s.mu.Lock()
			s.bytes += n
			inWindow := !s.start.IsZero() && !now.Before(s.start) && now.Before(s.end)
			if inWindow {
				s.windowBytes += n
				s.frames += glyphs
			}
			if s.pendingKey != nil && bytes.Contains(text, bytes.Repeat(s.pendingKey, 8)) {
				if !s.start.IsZero() && !s.pendingAt.Before(s.start) && s.pendingAt.Before(s.end) {
					s.latencies = append(s.latencies, now.Sub(s.pendingAt).Seconds())
				}
				s.pendingKey = nil
			}
			s.mu.Unlock()
			if len(text) > 16 {
				text = text[len(text)-16:]
			}
			tail = append(tail[:0], text...)
		}
		if err != nil {
			s.mu.Lock()
			s.closed = true
			s.mu.Unlock()
			return
		}
	}
}

// press types a key a second, from a phase of its own (the golden ratio spreads the sessions'
// keys over the second), bounded to a day of presses.
func (s *session) press(stdin interface{ Write([]byte) (int, error) }) {
	time.Sleep(time.Duration(float64(s.index)*0.618033988749895*float64(time.Second)) % time.Second)
	for presses := 0; presses < 86400; presses++ {
		key := []byte{keys[presses%len(keys)]}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return
		}
		send := s.pendingKey == nil || time.Since(s.pendingAt) > 5*time.Second
		if send {
			s.pendingKey, s.pendingAt = key, time.Now()
		}
		s.mu.Unlock()
		if send {
			if _, err := stdin.Write(key); err != nil {
				return
			}
		}
		time.Sleep(time.Second)
	}
}
