// SPDX-License-Identifier: Apache-2.0
// Generated from defs/wc_defs.def by tools/gendefs. Do not edit.
`ifndef WC_DEFS_VH
`define WC_DEFS_VH

// Flit framing: a flit is {type[1:0], data[W-1:0]}
`define WC_FLIT_DATA_W 32 // Default flit data width W in bits (routers take W >= 32 as a parameter)
`define WC_FLIT_TYPE_W 2 // Flit type field width; the type sits above the data bits
`define WC_FT_BODY 0 // Body flit: follows the owner of its input port
`define WC_FT_HEAD 1 // Head flit: carries the routing header, allocates an output
`define WC_FT_TAIL 2 // Tail flit: last flit of a worm, releases the output
`define WC_FT_SINGLE 3 // Head and tail in one flit (single-flit packet)

// Head flit data layout (bits of the data field)
`define WC_HEAD_DST_LSB 0
`define WC_HEAD_DST_W 12 // Destination node id (first destination of a multidestination worm)
`define WC_HEAD_KIND_LSB 12
`define WC_HEAD_KIND_W 2 // Worm kind: see KIND_*
`define WC_HEAD_NADDR_LSB 14
`define WC_HEAD_NADDR_W 6 // Multidestination worms: address flits that follow the head, one per further destination (0 for unicast and for the last destination)
`define WC_HEAD_USER_LSB 20
`define WC_HEAD_USER_W 12 // Free for the NIC / traffic source; routers never read or change it
`define WC_KIND_UNICAST 0 // Unicast worm
`define WC_KIND_MULTI 1 // Multidestination worm (intermediate reception)
`define WC_MAX_NODES 4096 // Largest node count a head can address (2^HEAD_DST_W)
`define WC_ADDR_DST_LSB 0
`define WC_ADDR_DST_W 12 // Address flit of a multidestination worm (a body flit): the next destination

// Routing function selector (router parameter ROUTING)
`define WC_ROUTING_ECUBE 0 // e-cube on binary n-cubes
`define WC_ROUTING_XY 1 // XY dimension order on 2D meshes
`define WC_ROUTING_TABLE 2 // Table-driven (up*/down* tables computed in C)
`define WC_ROUTING_WEST_FIRST 3 // West-first turn model on 2D meshes: west hops first, then adaptive among the minimal legal outputs
`define WC_RT_DOWN_ONLY 1 // Route-table phase: worm arrived on a down link, only down links allowed
`define WC_RT_PORT_NONE 255 // Route-table entry meaning 'no route': the worm is dropped and counted
`define WC_RT_LOCAL 128 // Route-table entry flag: the port leads to a host (ejection), so a multidestination worm for that host is absorbed here
`define WC_RT_PORT_MASK 63 // Route-table entry bits that hold the port

// Mesh router port numbering
`define WC_MESH_PORT_E 0 // +x neighbour
`define WC_MESH_PORT_W 1 // -x neighbour
`define WC_MESH_PORT_N 2 // +y neighbour
`define WC_MESH_PORT_S 3 // -y neighbour
`define WC_MESH_PORT_L 4 // local injection/ejection

// Node SoC memory map (riscv-tests env/p conventions: RAM at 0x80000000, execution starts there)
`define WC_SOC_RAM_BASE 32'h80000000 // First RAM byte and reset PC
`define WC_SOC_RAM_SIZE 262144 // RAM size in bytes (256 KiB) in the simulation SoC
`define WC_SOC_MMIO_BASE 268435456 // Start of the device region; any other address outside RAM raises a bus error
`define WC_SOC_MMIO_SIZE 8192 // Size of the device region in bytes
`define WC_SOC_CONSOLE_ADDR 268435456 // Console: a byte store writes one character
`define WC_SOC_EXIT_ADDR 268435460 // Simulation exit: a word store ends the run, 1 = pass, code<<1|1 = fail (as tohost)
`define WC_SOC_IRQ_ADDR 268435464 // External interrupt line (bit 0), set and cleared by software for tests
`define WC_SOC_MTIME_ADDR 268439552 // mtime low word (high word at +4); counts core clock cycles
`define WC_SOC_MTIMECMP_ADDR 268439560 // mtimecmp low word (high word at +4); timer interrupt while mtime >= mtimecmp

// Wormcast node (rtl/soc/wc_node_soc.v, docs/system.md): the SOC map above plus the NIC, node id and system size
`define WC_NODE_RAM_SIZE 65536 // Node RAM in bytes (64 KiB, parameter RAM_BYTES): code, data, stack, rings and two 16 KiB messages
`define WC_NODE_ID_ADDR 268435468 // RO: this node's id (bits 11:0), the same value the NIC and router see
`define WC_NODE_COUNT_ADDR 268435472 // RO: number of nodes in the system
`define WC_NODE_NIC_BASE 268443648 // NIC register window: register r at NODE_NIC_BASE + 4*r (NICR_WORDS words)
`define WC_NODE_NIC_SIZE 256 // Bytes of the NIC register window
`define WC_NODE_STACK 3584 // Bytes of node RAM the firmware's link keeps free below the top for the stack (sw/fw/link.ld.S); the apps reach 2884 placing a hypercube tree on 64 nodes
`define WC_NODE_ARGS_MAX 512 // Bytes of the firmware argument area (ELF symbol wc_args): NUL-separated K=V strings, an empty string ends them
`define WC_NODE_ARB_DMA_FIRST 1 // RAM arbitration: a pending NIC DMA request wins over the core in the same cycle (docs/bus.md)

// RV32 machine-mode CSR numbers implemented by the node core
`define WC_CSR_MSTATUS 768 // mstatus: MIE bit 3, MPIE bit 7, MPP bits 12:11 read as 3
`define WC_MSTATUS_MIE 3 // mstatus bit: global machine interrupt enable (MPIE is bit 7)
`define WC_CSR_MISA 769 // misa: RV32IM, read-only
`define WC_CSR_MIE 772 // mie: MTIE bit 7, MEIE bit 11
`define WC_CSR_MTVEC 773 // mtvec: direct mode only, bits 1:0 read as 0
`define WC_CSR_MSCRATCH 832 // mscratch
`define WC_CSR_MEPC 833 // mepc: bits 1:0 read as 0
`define WC_CSR_MCAUSE 834 // mcause
`define WC_CSR_MTVAL 835 // mtval: faulting address or instruction
`define WC_CSR_MIP 836 // mip: MTIP bit 7, MEIP bit 11, read-only (driven by the SoC)
`define WC_CSR_MCYCLE 2816 // mcycle low word
`define WC_CSR_MINSTRET 2818 // minstret low word
`define WC_CSR_MCYCLEH 2944 // mcycle high word
`define WC_CSR_MINSTRETH 2946 // minstret high word
`define WC_CSR_CYCLE 3072 // cycle: read-only alias of mcycle
`define WC_CSR_INSTRET 3074 // instret: read-only alias of minstret
`define WC_CSR_CYCLEH 3200 // cycleh: read-only alias of mcycleh
`define WC_CSR_INSTRETH 3202 // instreth: read-only alias of minstreth
`define WC_CSR_MVENDORID 3857 // mvendorid: 0
`define WC_CSR_MARCHID 3858 // marchid: 0
`define WC_CSR_MIMPID 3859 // mimpid: 0
`define WC_CSR_MHARTID 3860 // mhartid: 0 in the simulation SoC (a core parameter)
`define WC_MISA_RV32IM 1073746176 // misa value: MXL=1 (32 bit), extensions I and M

// mcause values raised by the node core
`define WC_CAUSE_IFETCH_MISALIGN 0 // Jump or branch to an address not 4-byte aligned
`define WC_CAUSE_IFETCH_FAULT 1 // Bus error on instruction fetch
`define WC_CAUSE_ILLEGAL 2 // Illegal instruction (mtval = the instruction)
`define WC_CAUSE_BREAKPOINT 3 // ebreak
`define WC_CAUSE_LOAD_MISALIGN 4 // Misaligned load
`define WC_CAUSE_LOAD_FAULT 5 // Bus error on load
`define WC_CAUSE_STORE_MISALIGN 6 // Misaligned store
`define WC_CAUSE_STORE_FAULT 7 // Bus error on store
`define WC_CAUSE_ECALL_M 11 // ecall from machine mode
`define WC_IRQ_MTI 7 // Machine timer interrupt number (mcause bit 31 set, mie/mip bit)
`define WC_IRQ_MEI 11 // Machine external interrupt number (mcause bit 31 set, mie/mip bit)

// NIC packet: router head, then NIC_HDR_FLITS header flits, then payload (docs/nic.md)
`define WC_NIC_HDR_FLITS 4 // NIC header flits after the router head (words NH0..NH3)
`define WC_NIC_PAYLOAD 256 // Payload bytes per packet (default packet size; every packet but a message's last is full)
`define WC_NIC_MAX_MSG 16384 // Largest message in bytes (64 packets of NIC_PAYLOAD)
`define WC_NIC_MAX_PKT_FLITS 69 // Flits of the largest packet: head + header + NIC_PAYLOAD/4
`define WC_NH0_SRC_LSB 0
`define WC_NH0_SRC_W 12 // Header word 0: node that originated the message (unicast, multicast root) or sent the ack
`define WC_NH0_GROUP_LSB 12
`define WC_NH0_GROUP_W 12 // Header word 0: multicast group id (0 for unicast packets)
`define WC_NH0_TYPE_LSB 24
`define WC_NH0_TYPE_W 4 // Header word 0: packet type, see PT_*
`define WC_NH0_RSVD_LSB 28
`define WC_NH0_RSVD_W 4 // Header word 0: reserved, sent as 0; a packet with any of these bits set has a bad type
`define WC_NH1_SEQ_LSB 0
`define WC_NH1_SEQ_W 16 // Header word 1: sequence number (data) or cumulative ack = next expected sequence (acks)
`define WC_NH1_OFF_LSB 16
`define WC_NH1_OFF_W 16 // Header word 1: byte offset of this payload in its message
`define WC_NH2_LEN_LSB 0
`define WC_NH2_LEN_W 16 // Header word 2: payload bytes in this packet (0 for acks)
`define WC_NH2_MSGLEN_LSB 16
`define WC_NH2_MSGLEN_W 16 // Header word 2: length of the whole message in bytes (0 for acks)
`define WC_NH3_CRC_W 32 // Header word 3: CRC-32 (IEEE 802.3 reflected, poly 0x04C11DB7, init and final xor all ones) over the payload flits, then words 0..2, little-endian bytes
`define WC_PT_UDATA 1 // Packet type: unicast data
`define WC_PT_MDATA 2 // Packet type: multicast data (NH0_GROUP names the group)
`define WC_PT_UACK 3 // Packet type: unicast cumulative acknowledgement
`define WC_PT_MACK 4 // Packet type: multicast cumulative acknowledgement from a child to its parent
`define WC_PT_REQ 5 // Packet type: admission request (docs/nic-flow.md): NH1_SEQ the message's first sequence, NH2_MSGLEN its length, NH0_GROUP its group (0: unicast); no payload
`define WC_PT_GRANT 6 // Packet type: admission granted: the receiver holds a context, a host buffer and a forwarding job for the message; NH1_SEQ the cumulative ack, NH0_GROUP the stream's group (0: unicast)
`define WC_PT_WAIT 7 // Packet type: admission deferred: the stream waits for a GRANT; NH1_SEQ the cumulative ack, NH0_GROUP as PT_GRANT
`define WC_PT_NAK 8 // Packet type: negative acknowledgement: NH1_SEQ the cumulative ack, which the receiver has not received though a later packet (or a corrupt one naming the stream) arrived; the sender goes back to it at once; NH0_GROUP as PT_GRANT
`define WC_PT_LAST 8 // Highest packet type in use; a higher one is a bad type
`define WC_NIC_SEQ_MOD 65536 // Sequence numbers count modulo 2^NH1_SEQ_W
`define WC_NIC_WINDOW 64 // Unacknowledged packets a sender may have outstanding per stream (go-back-N window, < NIC_SEQ_MOD/2)
`define WC_NIC_ADM_NEED 0 // Sender's admission state per child: a REQ is to be sent
`define WC_NIC_ADM_REQ 1 // Admission state: REQ sent, its answer is awaited (deadline: the timeout)
`define WC_NIC_ADM_WAIT 2 // Admission state: the child answered WAIT; its GRANT is awaited (no deadline: the receiver repeats a GRANT that data does not follow)
`define WC_NIC_ADM_GRANT 3 // Admission state: granted; data may go (the go-back-N window)
`define WC_NIC_RTO_MIN 4096 // Least retransmission timeout in cycles (docs/nic-flow.md): the NIC's timeout is eight times the peak measured round trip, clamped to [NIC_RTO_MIN, NICR_TIMEOUT]; lower floors time out acks delayed behind the receiver's own data
`define WC_NIC_TIMEOUT_RST 32768 // NICR_TIMEOUT after reset: the longest retransmission timeout
`define WC_NIC_PEND_ACK 1 // Pending control packet of a stream (3 bits, 0 none; the highest wins, but an accepted packet's ACK and a NAK replace what is pending): ACK
`define WC_NIC_PEND_WAIT 2 // Pending control packet: WAIT (an ack that also defers admission)
`define WC_NIC_PEND_NAK 3 // Pending control packet: NAK (an ack that also asks for go-back-N now)
`define WC_NIC_PEND_GRANT 4 // Pending control packet: GRANT (an ack that also grants admission)
`define WC_NIC_JOP_ACK 1 // Job unit pipeline operation on one (job, child) entry: an acknowledgement (ACK, GRANT, WAIT, NAK) moves the child
`define WC_NIC_JOP_SEL 2 // Job unit pipeline operation: the selection's candidate child is sent its REQ or next packet
`define WC_NIC_JOP_DONE 3 // Job unit pipeline operation: a finished job leaves through the completion FIFO (reads its destination row)
`define WC_NIC_JOP_INIT 4 // Job unit pipeline operation: a new job's child entry is initialised with its stream base
`define WC_NIC_JOP_FIND 5 // Job unit pipeline operation: the pass engine reads a child's claim to be sent next
`define WC_NIC_JOP_TMO 6 // Job unit pipeline operation: the timeout scanner visits a child (go-back-N or the REQ again when late)

// NIC group table limits (Yu, Buntinas and Panda, ICPP 2003 Section 5.4)
`define WC_NIC_GROUPS 64 // Group table entries; group ids 1..NIC_GROUPS-1 are usable, 0 means unicast
`define WC_NIC_MAX_CHILDREN 16 // Children per group entry at most (enough for a flat tree over 16 nodes); a NIC built with MAXCHILD takes that many
`define WC_NIC_MAX_DESTS 16 // Destinations of one multisend descriptor (the NIC tracks each like a child of a group)
`define WC_NIC_NO_PARENT 4095 // Parent field value meaning: this node is the root of the group

// NIC completion status and error codes (C functions return them negated)
`define WC_NIC_ST_OK 0 // Success
`define WC_NIC_ST_BADOP 1 // Invalid descriptor: unknown opcode or nonzero reserved bits
`define WC_NIC_ST_BADLEN 2 // Impossible length: message 0 or above NIC_MAX_MSG, or a packet length/offset that does not fit
`define WC_NIC_ST_BADDST 3 // Destination out of range, equal to this node, or a packet delivered to the wrong node
`define WC_NIC_ST_NOGROUP 4 // Unknown group: id out of range or entry not configured
`define WC_NIC_ST_IDRULE 5 // Group refused: a child id not larger than this node's id at a non-root node, a duplicate child, or the root as child
`define WC_NIC_ST_NODST 6 // Multisend with no destinations or more than the NIC's MAXCHILD (at most NIC_MAX_DESTS), or a group with more than MAXCHILD children
`define WC_NIC_ST_BUSERR 7 // DMA bus error on a descriptor, list or buffer address
`define WC_NIC_ST_TOOBIG 8 // Received message larger than the posted receive buffer
`define WC_NIC_ST_BADCRC 9 // Packet CRC mismatch
`define WC_NIC_ST_BADTYPE 10 // Unknown packet type or reserved header bits set
`define WC_NIC_ST_SEQ 11 // Sequence or ack outside the window (stale duplicate, dropped)

// NIC descriptors in host memory (send ring: 4 words; receive ring: 2 words; completion ring: 4 words)
`define WC_NIC_SDESC_WORDS 4 // Words per send descriptor
`define WC_SD0_OP_LSB 0
`define WC_SD0_OP_W 4 // Send word 0: opcode, see OP_*
`define WC_SD0_TAG_LSB 4
`define WC_SD0_TAG_W 12 // Send word 0: tag returned in the completion
`define WC_SD0_LEN_LSB 16
`define WC_SD0_LEN_W 16 // Send word 0: message length in bytes, 1..NIC_MAX_MSG
`define WC_SD1_ADDR_W 32 // Send word 1: byte address of the message in host memory
`define WC_SD2_DST_LSB 0
`define WC_SD2_DST_W 12 // Send word 2: unicast destination, multisend destination count, or multicast group id
`define WC_SD3_LIST_W 32 // Send word 3: multisend: byte address of the destination list (one word per destination, id in bits 11:0); multicast: the source named in the packets when a non-root host forwards (NIC_MODE_HOST), else 0; unicast: 0
`define WC_OP_UNICAST 1 // Opcode: unicast to SD2_DST
`define WC_OP_MULTISEND 2 // Opcode: the same message to each destination of the list (one DMA read)
`define WC_OP_MULTICAST 3 // Opcode: multicast along the preposted tree of group SD2_DST (this node must be its root)
`define WC_NIC_RDESC_WORDS 2 // Words per receive buffer descriptor: word 0 byte address, word 1 capacity in bytes
`define WC_NIC_CDESC_WORDS 4 // Words per completion entry
`define WC_CD0_STATUS_LSB 0
`define WC_CD0_STATUS_W 8 // Completion word 0: status, see NIC_ST_*
`define WC_CD0_KIND_LSB 8
`define WC_CD0_KIND_W 4 // Completion word 0: CK_SEND or CK_RECV
`define WC_CD0_TAG_LSB 12
`define WC_CD0_TAG_W 12 // Completion word 0: the send descriptor's tag (sends)
`define WC_CD0_VALID_LSB 31
`define WC_CD0_VALID_W 1 // Completion word 0: set by the NIC when it writes the entry; the host clears it when it consumes the entry
`define WC_CD1_SRC_LSB 0
`define WC_CD1_SRC_W 12 // Completion word 1: source node (receives)
`define WC_CD1_GROUP_LSB 12
`define WC_CD1_GROUP_W 12 // Completion word 1: group (receives; 0 for unicast)
`define WC_CD2_ADDR_W 32 // Completion word 2: receive buffer address used (receives)
`define WC_CD3_LEN_LSB 0
`define WC_CD3_LEN_W 16 // Completion word 3: message length in bytes
`define WC_CK_SEND 1 // Completion kind: a send descriptor finished (all destinations acknowledged, or failed)
`define WC_CK_RECV 2 // Completion kind: a message was received into a posted buffer

// NIC registers: Wishbone B4 classic slave, 32-bit, word offsets (byte address = base + 4*offset)
`define WC_NICR_ID 0 // RO: node id in bits 11:0, version in bits 31:24
`define WC_NICR_CTRL 1 // RW: bit 0 enable, bits 2:1 mode (NIC_MODE_*), bit 3 soft reset (self-clearing)
`define WC_NICR_STATUS 2 // RO: bit 0 send ring not empty, bit 1 completion pending, bit 2 no receive buffer posted, bit 3 busy
`define WC_NICR_SQ_BASE 3 // RW: send ring byte address (16-byte aligned)
`define WC_NICR_SQ_SIZE 4 // RW: send ring entries (power of two)
`define WC_NICR_SQ_TAIL 5 // RW: host producer index; writing it posts descriptors
`define WC_NICR_SQ_HEAD 6 // RO: NIC consumer index
`define WC_NICR_RQ_BASE 7 // RW: receive buffer ring byte address (8-byte aligned)
`define WC_NICR_RQ_SIZE 8 // RW: receive ring entries (power of two)
`define WC_NICR_RQ_TAIL 9 // RW: host producer index; writing it posts receive buffers
`define WC_NICR_RQ_HEAD 10 // RO: NIC consumer index
`define WC_NICR_CQ_BASE 11 // RW: completion ring byte address (16-byte aligned)
`define WC_NICR_CQ_SIZE 12 // RW: completion ring entries (power of two)
`define WC_NICR_CQ_HEAD 13 // RW: host consumer index; writing it frees entries
`define WC_NICR_CQ_TAIL 14 // RO: NIC producer index
`define WC_NICR_INT_STATUS 15 // RW1C: bit 0 completion, bit 1 error counted, bit 2 send ring drained
`define WC_NICR_INT_ENABLE 16 // RW: interrupt enables, same bits as NICR_INT_STATUS
`define WC_NICR_GT_SEL 17 // RW: group table: selects the group id for the GT_* registers
`define WC_NICR_GT_PARENT 18 // RW: parent of this node in the selected group (NIC_NO_PARENT at the root)
`define WC_NICR_GT_CHILD 19 // WO: write {index[23:16], id[11:0]} to stage child number index (send order); reads 0
`define WC_NICR_GT_COMMIT 20 // WO: write the child count to validate and install the staged entry with GT_PARENT (count 0 with a parent: a leaf); count 0 with GT_PARENT = NIC_NO_PARENT clears the entry
`define WC_NICR_GT_RESULT 21 // RO: NIC_ST_* of the last commit (NIC_ST_IDRULE when the id rule is broken)
`define WC_NICR_ERR_CRC 22 // RO: packets dropped for a bad CRC (saturating; write clears)
`define WC_NICR_ERR_GROUP 23 // RO: packets dropped for an unknown group (saturating; write clears)
`define WC_NICR_ERR_LEN 24 // RO: packets dropped for an impossible length (saturating; write clears)
`define WC_NICR_ERR_TYPE 25 // RO: packets dropped for a bad type (saturating; write clears)
`define WC_NICR_ERR_DST 26 // RO: packets dropped as delivered to the wrong node (saturating; write clears)
`define WC_NICR_RETX 27 // RO: packets retransmitted after a timeout (wraps; write clears)
`define WC_NICR_TIMEOUT 28 // RW: the largest retransmission timeout in cycles (the NIC adapts below it to measured round trips, down to NIC_RTO_MIN), and the receiver's wait before it repeats a GRANT no data followed
`define WC_NICR_ERR_NOBUF 29 // RO: packets dropped unacknowledged for want of a slot, receive buffer, receive context or forwarding job, or with the NIC disabled (saturating; write clears)
`define WC_NICR_DUPS 30 // RO: data packets dropped as duplicate or early, then acknowledged again (saturating; write clears)
`define WC_NICR_PEAK 31 // RO: most receive slots in use at once since the last write (write clears)
`define WC_NICR_SLOTS 32 // RO: receive slots in use now
`define WC_NICR_TX_PKTS 33 // RO: packets sent, acks and resends included (wraps; write clears)
`define WC_NICR_RX_PKTS 34 // RO: packets received intact (wraps; write clears)
`define WC_NICR_TIMEOUTS 35 // RO: timeouts that rewound a child (saturating; write clears)
`define WC_NICR_ERR_DESC 36 // RO: send descriptors completed with an error status (saturating; write clears)
`define WC_NICR_CYCLE 37 // RO: free-running cycle counter (the retransmission clock)
`define WC_NICR_WORDS 64 // Register window size in words
`define WC_NIC_MODE_FPFS 0 // Replication: packet j to every child before packet j+1 (default)
`define WC_NIC_MODE_FCFS 1 // Replication: every packet to child 1, then to child 2, ...
`define WC_NIC_MODE_HOST 2 // Host-based baseline: no NIC forwarding; the host receives and re-sends

// NIC counter memory (rtl/nic/wc_nic_regs.v): the word each host-visible counter takes, in the order of the NICR_* words
`define WC_NIC_CNT_ERR_CRC 0 // NICR_ERR_CRC (saturating)
`define WC_NIC_CNT_ERR_GROUP 1 // NICR_ERR_GROUP (saturating)
`define WC_NIC_CNT_ERR_LEN 2 // NICR_ERR_LEN (saturating)
`define WC_NIC_CNT_ERR_TYPE 3 // NICR_ERR_TYPE (saturating)
`define WC_NIC_CNT_ERR_DST 4 // NICR_ERR_DST (saturating)
`define WC_NIC_CNT_RETX 5 // NICR_RETX (wraps; a rewind adds many at once)
`define WC_NIC_CNT_ERR_NOBUF 6 // NICR_ERR_NOBUF (saturating)
`define WC_NIC_CNT_DUPS 7 // NICR_DUPS (saturating)
`define WC_NIC_CNT_TX_PKTS 8 // NICR_TX_PKTS (wraps)
`define WC_NIC_CNT_RX_PKTS 9 // NICR_RX_PKTS (wraps)
`define WC_NIC_CNT_TIMEOUTS 10 // NICR_TIMEOUTS (saturating)
`define WC_NIC_CNT_ERR_DESC 11 // NICR_ERR_DESC (saturating)
`define WC_NIC_COUNTERS 12 // Words of the counter memory

// FPGA board designs (docs/fpga.md)
`define WC_FPGA_POR_CYCLES 256 // Cycles the board top holds the design in reset after the PLL locks (a power of two): the netlist benches count the system's cycles from there
`define WC_FPGA_BAUD 115200 // UART baud rate of the board designs (8N1); a design's divider is its clock / FPGA_BAUD, rounded

`endif
